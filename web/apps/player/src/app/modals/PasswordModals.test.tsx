import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { statusQuery, type SystemStatus } from '@/features/system/api/status';
import { authTestI18n } from '@/features/auth/testI18n';
import ChangePasswordModal from './ChangePasswordModal';
import ForgotPasswordModal from './ForgotPasswordModal';

const session = vi.hoisted(() => ({
  establishSession: vi.fn(async () => {}),
  logout: vi.fn(async () => {}),
  useSession: () => ({ loggedIn: true, isTrial: false, isAgent: false, token: 'tok' }),
}));
vi.mock('@/lib/session', () => session);
vi.mock('@/lib/botcheck', () => ({ solveBotCheck: vi.fn(async () => 'solved') }));

const passwordRule = { field: 'password', enabled: true, required: true, acceptedPattern: '^(?:[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+)[A-Za-z0-9]*$', minLength: 6, maxLength: 20, patternId: 'LETTERS_DIGITS' };
function status(whitelabel: unknown[]): SystemStatus {
  return {
    status: 0, maintenance: false, regionRestriction: false, location: { ip: '', country: '' },
    info: { brandName: 'Palaro', whitelabel, register: { fields: [passwordRule] }, ageLimit: 18, imageCDNs: ['/cdn/a'], theme: {} } as never,
  };
}

type Call = { path: string; method: string; body: string | null; type: string | null };
function mockServer(answers: Record<string, () => { code?: string; value?: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const headers = new Headers(init?.headers);
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body: init?.body ? String(init.body) : null, type: headers.get('Content-Type') });
    const a = answers[`${init?.method ?? 'GET'} ${url.pathname}`]?.();
    if (!a) return new Response(JSON.stringify({ success: false, code: 'request.not_found', message: '', value: null }), { status: 404 });
    return new Response(JSON.stringify({ success: !a.code, code: a.code ?? 'ok', message: '', value: a.value ?? null }), { status: a.code ? 400 : 200 });
  }));
  return calls;
}

function wrap(ui: ReactNode, whitelabel: unknown[] = []) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(statusQuery().queryKey, status(whitelabel));
  return render(
    <QueryClientProvider client={qc}>
      <I18nextProvider i18n={authTestI18n()}>
        <MemoryRouter>
          <Suspense fallback="loading">{ui}</Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('ChangePasswordModal', () => {
  test('forced: cannot be dismissed, explains why, offers logout instead', async () => {
    mockServer({});
    const onClose = vi.fn();
    wrap(<ChangePasswordModal open forced onClose={onClose} onChanged={() => {}} />);
    expect(await screen.findByTestId('change-password-forced')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('change-password-logout'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(session.logout).toHaveBeenCalled();
  });

  test('validates, then changes; with CHNGPASSVERIF3 a code is sent and required', async () => {
    const calls = mockServer({
      'POST /wps/member/password/code': () => ({ value: { expiredMinutes: 5, maskedTarget: '+63 9** *** 4567' } }),
      'POST /wps/member/password': () => ({}),
    });
    const onChanged = vi.fn();
    wrap(<ChangePasswordModal open forced={false} onClose={() => {}} onChanged={onChanged} />, [{ modId: 'CHNGPASSVERIF3', enabled: true, childrenNodes: [] }]);
    await screen.findByLabelText(/^Current password/);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid verification code.')).toBeInTheDocument();
    type(/^Current password/, 'Palaro2026');
    type(/^New password/, 'Palaro2026');
    type(/^Confirm new password/, 'Palaro2026');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must be different from the current one.')).toBeInTheDocument();
    type(/^New password/, 'Bago2026x');
    type(/^Confirm new password/, 'Bago2026x');
    fireEvent.click(screen.getByTestId('change-password-code-button'));
    expect(await screen.findByText('Code sent to +63 9** *** 4567.')).toBeInTheDocument();
    type(/^Verification code/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(JSON.parse(calls.find((c) => c.path === '/wps/member/password')!.body!)).toEqual({
      oldPassword: 'Palaro2026', newPassword: 'Bago2026x', confirmNewPassword: 'Bago2026x', verificationCode: '123456',
    });
  });

  test('a wrong current password is shown on its field, translated', async () => {
    mockServer({ 'POST /wps/member/password': () => ({ code: 'account.wrong_old_password' }) });
    wrap(<ChangePasswordModal open forced={false} onClose={() => {}} onChanged={() => {}} />);
    await screen.findByLabelText(/^Current password/);
    type(/^Current password/, 'Mali2026x');
    type(/^New password/, 'Bago2026x');
    type(/^Confirm new password/, 'Bago2026x');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ForgotPasswordModal', () => {
  test('by e-mail: a form post, then one confirmation whatever the server knows', async () => {
    const calls = mockServer({ 'POST /wps/member/password/email': () => ({}) });
    wrap(<ForgotPasswordModal open onClose={() => {}} onLogin={() => {}} />);
    await screen.findByTestId('forgot-form-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail address.')).toBeInTheDocument();
    type(/^Username/, 'demo01');
    type(/^E-mail/, 'demo01@palaro.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByTestId('forgot-email-sent')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/wps/member/password/email')!;
    expect(post.type).toBe('application/x-www-form-urlencoded');
    expect(post.body).toBe('username=demo01&email=demo01%40palaro.example');
  });

  test('by mobile: code, new password, logged in', async () => {
    const result = { token: 't', userInfo: { account: 'm9171234567' } };
    const calls = mockServer({
      'POST /wps/verification/sms/noLogin': () => ({ value: { expiredMinutes: 5 } }),
      'POST /wps/member/password/verification': () => ({ value: result }),
    });
    const onClose = vi.fn();
    wrap(<ForgotPasswordModal open onClose={onClose} onLogin={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'By mobile' }));
    type(/^Mobile number/, '09171234567');
    fireEvent.click(screen.getByTestId('forgot-sms-button'));
    await waitFor(() => expect(screen.getByTestId('forgot-sms-button')).toHaveTextContent('300 s'));
    type(/^Verification code/, '654321');
    type(/^New password/, 'Bago2026x');
    type(/^Confirm new password/, 'Bago2026x');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(session.establishSession).toHaveBeenCalledWith(result, { loginType: 'sms' });
    expect(JSON.parse(calls.find((c) => c.path === '/wps/member/password/verification')!.body!)).toEqual({
      countryDialingCode: '63', mobileNum: '09171234567', verificationCode: '654321', newPassword: 'Bago2026x', confirmNewPassword: 'Bago2026x',
    });
  });
});
