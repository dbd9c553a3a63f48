import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { WithAuthI18n } from '@/features/auth/testI18n';
import LoginModal from './LoginModal';

vi.mock('@/lib/socket', () => ({ startSocket: vi.fn(), stopSocket: vi.fn(), subscribe: vi.fn(() => () => {}) }));
vi.mock('@/lib/botcheck', () => ({ solveBotCheck: vi.fn(async () => 'solved') }));
const brand = vi.hoisted(() => ({ sms: false }));
vi.mock('../brand', () => ({
  useBrandInfo: () => ({
    brandName: 'Palaro',
    imageCDNs: [],
    whitelabel: [
      { modId: 'MOBILEVERCODELOGIN3', enabled: brand.sms, childrenNodes: [] },
      { modId: 'DIRECTREG3', enabled: true, childrenNodes: [] },
    ],
  }),
}));

type Body = Record<string, unknown>;
function server(login: (body: Body) => { status: number; body: unknown }) {
  const bodies: Body[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://t.local').pathname;
      if (path === '/wps/session/login') {
        const b = JSON.parse(String(init?.body)) as Body;
        bodies.push(b);
        const r = login(b);
        return new Response(JSON.stringify(r.body), { status: r.status });
      }
      if (path === '/wps/captcha') return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: { captchaKey: 'ck1', image: 'AA==', expiresIn: 120 } }));
      return new Response(JSON.stringify({ success: false, code: 'request.not_found', message: '', value: null }), { status: 404 });
    }),
  );
  return bodies;
}
const fail = (code: string, status = 401) => ({ status, body: { success: false, code, message: '', value: null } });

function renderModal() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <WithAuthI18n>
        <MemoryRouter>
          <Suspense fallback={null}>
            <LoginModal open onClose={onClose} onRegister={vi.fn()} onForgotPassword={vi.fn()} />
          </Suspense>
        </MemoryRouter>
      </WithAuthI18n>
    </QueryClientProvider>,
  );
  return { onClose };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  brand.sms = false;
});
afterEach(() => vi.unstubAllGlobals());

const field = (name: string) => document.querySelector<HTMLInputElement>(`[data-testid="login-modal"] input[name="${name}"]`)!;
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^Log in$/ }));

test('empty fields are refused on the client, without a request', async () => {
  const bodies = server(() => fail('auth.invalid_credentials'));
  renderModal();
  await screen.findByTestId('login-form');
  submit();
  expect(await screen.findByText('Please enter your username.')).toBeInTheDocument();
  expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  expect(bodies).toHaveLength(0);
  // No SMS tab unless the brand turns on verification-code login.
  expect(screen.queryByRole('tab')).toBeNull();
});

test('after the server asks for a captcha it appears, and the next login sends it', async () => {
  let n = 0;
  const bodies = server(() => (++n === 1 ? fail('auth.captcha_required') : fail('auth.invalid_credentials')));
  renderModal();
  await screen.findByTestId('login-form');
  fireEvent.change(field('username'), { target: { value: ' demo01 ' } });
  fireEvent.change(field('password'), { target: { value: 'Wrong2026' } });
  submit();
  expect(await screen.findByTestId('login-error')).toHaveTextContent('Please enter the captcha and try again.');
  expect(bodies[0]).toMatchObject({ type: 'username', username: 'demo01', botcheck: 'solved' });
  expect(bodies[0]).not.toHaveProperty('captcha');
  await screen.findByTestId('captcha-image');
  // Required now.
  submit();
  expect(await screen.findByText('Please enter the captcha.')).toBeInTheDocument();
  fireEvent.change(field('captcha'), { target: { value: 'K7PQ' } });
  submit();
  await waitFor(() => expect(bodies).toHaveLength(2));
  expect(bodies[1]).toMatchObject({ captcha: 'K7PQ', captchaKey: 'ck1' });
});

test('the lockout answer is shown as the 5-minute message', async () => {
  server(() => fail('auth.locked', 429));
  renderModal();
  await screen.findByTestId('login-form');
  fireEvent.change(field('username'), { target: { value: 'demo01' } });
  fireEvent.change(field('password'), { target: { value: 'x' } });
  submit();
  expect(await screen.findByTestId('login-error')).toHaveTextContent('Too many requests, please try again after 5 minutes.');
});

test('with MOBILEVERCODELOGIN3 the mobile tab logs in by SMS code, without the bot check', async () => {
  brand.sms = true;
  const bodies = server(() => fail('sms.invalid_code', 400));
  renderModal();
  fireEvent.click(await screen.findByRole('tab', { name: 'Mobile number' }));
  submit();
  expect(await screen.findByText('Please enter a valid mobile number.')).toBeInTheDocument();
  expect(screen.getByText('Please enter the verification code.')).toBeInTheDocument();
  fireEvent.change(document.querySelector('input[type="tel"]')!, { target: { value: '9171234567' } });
  fireEvent.change(field('code'), { target: { value: '123456' } });
  submit();
  expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid verification code.');
  expect(bodies[0]).toEqual({ type: 'sms', username: '9171234567', password: '123456', countryDialingCode: '63', rememberMe: false });
});
