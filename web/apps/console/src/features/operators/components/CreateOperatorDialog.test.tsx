import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { CreateOperatorDialog } from './CreateOperatorDialog';

afterEach(() => vi.unstubAllGlobals());

const fill = async (username: string, password: string, confirm = password) => {
  const u = screen.getByLabelText('Username');
  await userEvent.clear(u);
  if (username) await userEvent.type(u, username);
  const p = screen.getByLabelText('Initial password');
  await userEvent.clear(p);
  if (password) await userEvent.type(p, password);
  const c = screen.getByLabelText('Repeat the password');
  await userEvent.clear(c);
  if (confirm) await userEvent.type(c, confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Add operator' }));
};

test("checks the server's rules in the browser with its messages, sending nothing", async () => {
  const api = mockApi({});
  renderWith(<CreateOperatorDialog open onClose={vi.fn()} />);
  await fill('a b', 'short', 'other');
  expect(await screen.findByText("A username has 3 to 32 letters, digits, '.', '_' or '-'.")).toBeInTheDocument();
  expect(screen.getByText('Use 8 to 128 characters, not the username.')).toBeInTheDocument();
  expect(screen.getByText('The two passwords differ.')).toBeInTheDocument();
  await fill('viewer07', 'Viewer07');
  expect(await screen.findByText('Use 8 to 128 characters, not the username.')).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

test('creates the operator with the chosen role and closes', async () => {
  const api = mockApi({
    'POST /ops/v1/operators': (b) => ({ value: { operator: { id: 9, ...(b as object), status: 'ACTIVE', totpEnrolled: false, lastLoginAt: 0, createdAt: 1 } } }),
  });
  const close = vi.fn();
  renderWith(<CreateOperatorDialog open onClose={close} />);
  await userEvent.selectOptions(screen.getByLabelText('Role'), 'Support');
  await fill(' support07 ', 'quiet-harbour-42');
  await waitFor(() => expect(close).toHaveBeenCalled());
  expect(api.calls[0].body).toEqual({ username: 'support07', password: 'quiet-harbour-42', role: 'SUPPORT' });
  expect(await screen.findByText('Operator support07 was added.')).toBeInTheDocument();
});

test("puts the server's refusal on the field it concerns", async () => {
  mockApi({ 'POST /ops/v1/operators': () => ({ status: 409, code: 'operator.username_taken' }) });
  renderWith(<CreateOperatorDialog open onClose={vi.fn()} />);
  await fill('ops01', 'quiet-harbour-42');
  expect(await screen.findByText('This username is taken.')).toBeInTheDocument();
  expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
});
