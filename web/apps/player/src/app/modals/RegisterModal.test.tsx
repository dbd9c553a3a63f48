import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { statusQuery, type SystemStatus } from '@/features/system/api/status';
import { authTestI18n } from '@/features/auth/testI18n';
import RegisterModal from './RegisterModal';

const session = vi.hoisted(() => ({ establishSession: vi.fn(async () => {}) }));
vi.mock('@/lib/session', () => ({ establishSession: session.establishSession }));
vi.mock('@/lib/botcheck', () => ({ solveBotCheck: vi.fn(async () => 'solved') }));

const demoRules = [
  { field: 'username', enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 16, patternId: 'LETTER_FIRST' },
  { field: 'password', enabled: true, required: true, acceptedPattern: '^(?:[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+)[A-Za-z0-9]*$', minLength: 6, maxLength: 20, patternId: 'LETTERS_DIGITS' },
  { field: 'confirmPassword', enabled: true, required: true, acceptedPattern: '^(?:[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+)[A-Za-z0-9]*$', minLength: 6, maxLength: 20, patternId: 'LETTERS_DIGITS' },
  { field: 'mobileNum', enabled: true, required: false, acceptedPattern: '^[0-9]+$', minLength: 10, maxLength: 11, patternId: 'DIGITS' },
  { field: 'verificationCode', enabled: true, required: false, acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 6, patternId: 'DIGITS' },
  { field: 'affiliateCode', enabled: true, required: false, acceptedPattern: '^[A-Za-z0-9]+$', minLength: 4, maxLength: 16, patternId: 'LETTERS_OR_DIGITS' },
];
const sw = (modId: string, enabled: boolean, childrenNodes: unknown[] = []) => ({ modId, enabled, childrenNodes });

function status(whitelabel: unknown[]): SystemStatus {
  return {
    status: 0, maintenance: false, regionRestriction: false, location: { ip: '', country: '' },
    info: { brandName: 'Palaro', whitelabel, register: { fields: demoRules }, ageLimit: 18, imageCDNs: ['/cdn/a'], theme: {} } as never,
  };
}

type Call = { path: string; method: string; body: Record<string, unknown> | null; search: URLSearchParams };
function mockServer(answers: Record<string, (c: Call) => { status?: number; code?: string; value?: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const call = { path: url.pathname, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null, search: url.searchParams };
    calls.push(call);
    const a = answers[`${call.method} ${call.path}`]?.(call);
    if (!a) return new Response(JSON.stringify({ success: false, code: 'request.not_found', message: '', value: null }), { status: 404 });
    const ok = !a.code;
    return new Response(JSON.stringify({ success: ok, code: a.code ?? 'ok', message: '', value: a.value ?? null }), { status: a.status ?? (ok ? 200 : 400) });
  }));
  return calls;
}

function renderModal(whitelabel: unknown[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(statusQuery().queryKey, status(whitelabel));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <I18nextProvider i18n={authTestI18n()}>
        <MemoryRouter initialEntries={['/register?referralCode=FRIEND7']}>
          <Suspense fallback="loading">
            <RegisterModal open onClose={onClose} onLogin={() => {}} />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RegisterModal', () => {
  beforeEach(() => {
    session.establishSession.mockClear();
    window.history.replaceState(null, '', '/register?referralCode=FRIEND7');
  });
  afterEach(() => vi.unstubAllGlobals());

  test('one registration method: no tabs; validation messages in the user language', async () => {
    mockServer({});
    renderModal([sw('USERNAMEREG3', true), sw('MOBILENUMREG3', false), sw('DIRECTREG3', true)]);
    expect(await screen.findByTestId('register-form-username')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    type(/^Username/, 'ju');
    type(/^Password/, 'Malakas99');
    type(/^Confirm password/, 'Malakas98');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter 6 to 16 letters or digits, starting with a letter.')).toBeInTheDocument();
    expect(screen.getByText('Inconsistent twice: the confirmation password is not correct.')).toBeInTheDocument();
    expect(screen.getByText('You must be at least 18 years old to register.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and conditions.')).toBeInTheDocument();
  });

  test('an invalid invitation code is refused before registering', async () => {
    const calls = mockServer({ 'GET /wps/agent/affiliate': () => ({ code: 'account.affiliate_invalid' }) });
    renderModal([sw('USERNAMEREG3', true), sw('DIRECTREG3', true)]);
    await screen.findByTestId('register-form-username');
    type(/^Username/, 'Juan2026');
    type(/^Password/, 'Malakas99');
    type(/^Confirm password/, 'Malakas99');
    type(/^Invitation code/, 'NOPE99');
    fireEvent.click(screen.getByRole('checkbox', { name: /at least 18/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Invalid invitation code.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/wps/agent/affiliate')!.search.get('code')).toBe('NOPE99');
    expect(calls.some((c) => c.path === '/wps/member/register')).toBe(false);
  });

  test('a valid form registers with the added fields, logs in and closes', async () => {
    const result = { token: 't', userInfo: { account: 'Juan2026' } };
    const calls = mockServer({
      'GET /wps/agent/affiliate': () => ({ value: { valid: true } }),
      'PUT /wps/member/register': () => ({ value: result }),
    });
    const { onClose } = renderModal([sw('USERNAMEREG3', true), sw('DIRECTREG3', true)]);
    await screen.findByTestId('register-form-username');
    type(/^Username/, ' Juan2026 ');
    type(/^Password/, 'Malakas99');
    type(/^Confirm password/, 'Malakas99');
    type(/^Invitation code/, 'AGENT01');
    fireEvent.click(screen.getByRole('checkbox', { name: /at least 18/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = calls.find((c) => c.path === '/wps/member/register')!.body!;
    expect(body).toMatchObject({
      username: 'Juan2026', password: 'Malakas99', confirmPassword: 'Malakas99', affiliateCode: 'AGENT01',
      referralCode: 'FRIEND7', registerMethod: 'WEB', login: true, botcheck: 'solved', domain: 'localhost',
    });
    expect(String(body.registerUrl)).toContain('/register?referralCode=FRIEND7');
    expect(session.establishSession).toHaveBeenCalledWith(result, expect.objectContaining({ loginType: 'username' }));
  });

  test('both methods: tabs; mobile registration sends the SMS code and registers by mobile', async () => {
    const calls = mockServer({
      'POST /wps/verification/sms/register': () => ({ value: { expiredMinutes: 5 } }),
      'PUT /wps/member/register/mobile': () => ({ value: { token: 't', userInfo: { account: 'm9171234567' } } }),
    });
    const { onClose } = renderModal([sw('USERNAMEREG3', true), sw('DIRECTREG3', true), sw('MOBILENUMREG3', true, [sw('REGMOBVERF3', true), sw('MOBILENUMPASSREG3', true)])]);
    await screen.findByRole('tablist');
    fireEvent.click(screen.getByRole('tab', { name: 'By mobile number' }));
    await screen.findByTestId('register-form-mobile');
    fireEvent.click(screen.getByTestId('register-sms-button'));
    expect(await screen.findByText('Please enter a valid mobile number.')).toBeInTheDocument();
    type(/^Mobile number/, '09171234567');
    await new Promise((r) => setTimeout(r, 1050)); // the button takes one click a second
    fireEvent.click(screen.getByTestId('register-sms-button'));
    await waitFor(() => expect(screen.getByTestId('register-sms-button')).toHaveTextContent('300 s'));
    expect(calls.find((c) => c.path === '/wps/verification/sms/register')!.body).toMatchObject({ mobileNo: '09171234567', countryDialingCode: '63', botcheck: 'solved' });
    type(/^Verification code/, '123456');
    type(/^Password/, 'Malakas99');
    type(/^Confirm password/, 'Malakas99');
    fireEvent.click(screen.getByRole('checkbox', { name: /at least 18/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/wps/member/register/mobile')!.body).toMatchObject({
      mobileNum: '09171234567', countryDialingCode: '63', verificationCode: '123456', registerMethod: 'WEB',
    });
  });
});
