import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { SignIn } from './SignIn';

const operator = { id: 1, username: 'ops01', role: 'ADMIN', permissions: ['audit.read'] };
const session = { token: 'tok-1', expiresAt: 1, operator };

afterEach(() => vi.unstubAllGlobals());

async function fillCredentials(username = 'ops01', password = 'demo-pass') {
  await userEvent.type(screen.getByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('validates in the browser: nothing is sent until the username and password are well formed', async () => {
  const api = mockApi({});
  renderWith(<SignIn onSignedIn={vi.fn()} />);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Enter your username.')).toBeInTheDocument();
  expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  await fillCredentials('a b', 'x');
  expect(await screen.findByText("A username has 3 to 32 letters, digits, '.', '_' or '-'.")).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

test('signs in with a password when no code is asked for', async () => {
  const api = mockApi({ 'POST /ops/v1/login': () => ({ value: session }) });
  const done = vi.fn();
  renderWith(<SignIn onSignedIn={done} />);
  await fillCredentials();
  await waitFor(() => expect(done).toHaveBeenCalledWith(session));
  expect(api.calls[0].body).toEqual({ username: 'ops01', password: 'demo-pass' });
});

test('shows the server refusal translated by code', async () => {
  mockApi({ 'POST /ops/v1/login': () => ({ status: 401, code: 'operator.invalid_credentials' }) });
  renderWith(<SignIn onSignedIn={vi.fn()} />);
  await fillCredentials();
  expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
});

test('asks for the authenticator code on ops.otp_required, checks its shape, and sends it with the password', async () => {
  let n = 0;
  const api = mockApi({
    'POST /ops/v1/login': (body) => {
      n++;
      const otp = (body as { otp?: string }).otp;
      if (!otp) return { status: 401, code: 'ops.otp_required' };
      if (otp !== '654321') return { status: 401, code: 'ops.otp_invalid' };
      return { value: session };
    },
  });
  const done = vi.fn();
  renderWith(<SignIn onSignedIn={done} />);
  await fillCredentials();
  const code = await screen.findByLabelText('Authenticator code');
  expect(screen.getByRole('heading', { name: 'Enter your authenticator code' })).toBeInTheDocument();

  await userEvent.type(code, '12a');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
  expect(await screen.findByText('The code has exactly 6 digits.')).toBeInTheDocument();
  expect(n).toBe(1);

  await userEvent.clear(code);
  await userEvent.type(code, '123 456');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
  expect(await screen.findByText('That code is wrong or has expired. Try the current one.')).toBeInTheDocument();
  expect(api.calls[1].body).toEqual({ username: 'ops01', password: 'demo-pass', otp: '123456' });

  await userEvent.clear(code);
  await userEvent.type(code, '654321');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
  await waitFor(() => expect(done).toHaveBeenCalledWith(session));
});

test('enrols an authenticator: the QR code and setup key, then the first code finishes the sign-in', async () => {
  const enrolment = { token: 'enrol-1', secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Palaro:ops01?secret=JBSWY3DPEHPK3PXP&issuer=Palaro', expiresAt: 1 };
  const api = mockApi({
    'POST /ops/v1/login': () => ({ value: { enrolment } }),
    'POST /ops/v1/login/enrol': (body) => ((body as { otp: string }).otp === '000111' ? { value: session } : { status: 401, code: 'ops.enrolment_invalid' }),
  });
  const done = vi.fn();
  renderWith(<SignIn onSignedIn={done} />);
  await fillCredentials();
  expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
  expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Authenticator code'), '999999');
  await userEvent.click(screen.getByRole('button', { name: 'Finish setup and sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The setup has expired. Start again.');

  await userEvent.clear(screen.getByLabelText('Authenticator code'));
  await userEvent.type(screen.getByLabelText('Authenticator code'), '000111');
  await userEvent.click(screen.getByRole('button', { name: 'Finish setup and sign in' }));
  await waitFor(() => expect(done).toHaveBeenCalledWith(session));
  expect(api.calls.at(-1)).toMatchObject({ path: '/ops/v1/login/enrol', body: { token: 'enrol-1', otp: '000111' } });
});
