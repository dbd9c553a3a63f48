import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { AdjustDialog } from './AdjustDialog';
import { adjustSchema } from '../api/schemas';

afterEach(() => vi.unstubAllGlobals());

const props = { open: true, memberId: 7, username: 'juan23', decimals: 2, currency: 'PHP', onClose: vi.fn(), onDone: vi.fn() };

test('the schema has the server rules: amount format, decimals, positive, reason 3..200', () => {
  const s = adjustSchema(2);
  const ok = { direction: 'CREDIT', amount: '100.50', reason: 'goodwill' };
  expect(s.safeParse(ok).success).toBe(true);
  const msg = (v: object) => {
    const r = s.safeParse({ ...ok, ...v });
    return r.success ? 'ok' : r.error.issues[0].message;
  };
  expect(msg({ amount: '1e3' })).toBe('v.amountFormat');
  expect(msg({ amount: '-5' })).toBe('v.amountFormat');
  expect(msg({ amount: '1,000' })).toBe('v.amountFormat');
  expect(msg({ amount: '1.234' })).toBe('v.amountDecimals');
  expect(msg({ amount: '0.00' })).toBe('v.amountPositive');
  expect(msg({ amount: ' 7 ' })).toBe('ok');
  expect(msg({ reason: '  ab ' })).toBe('v.reason');
  expect(msg({ reason: 'x'.repeat(201) })).toBe('v.reason');
  expect(msg({ direction: 'SIDEWAYS' })).not.toBe('ok');
  expect(adjustSchema(0).safeParse({ ...ok, amount: '10.5' }).success).toBe(false);
});

test('shows the rules in the dialog and sends nothing until they hold', async () => {
  const api = mockApi({});
  renderWith(<AdjustDialog {...props} />);
  await userEvent.type(screen.getByLabelText('Amount (PHP)'), '12.345');
  await userEvent.type(screen.getByLabelText('Reason'), 'ok');
  await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
  expect(await screen.findByText('Use at most 2 decimal places.')).toBeInTheDocument();
  expect(screen.getByText('Give a reason of 3 to 200 characters.')).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

test('posts with an Idempotency-Key and reports the new balance', async () => {
  const onDone = vi.fn();
  const api = mockApi({ 'POST /ops/v1/adjustments': () => ({ value: { postingId: 3, memberId: 7, direction: 'DEBIT', amount: 1050, balance: 98950, currency: 'PHP', decimals: 2 } }) });
  renderWith(<AdjustDialog {...props} onDone={onDone} />);
  await userEvent.selectOptions(screen.getByLabelText('Direction'), 'DEBIT');
  await userEvent.type(screen.getByLabelText('Amount (PHP)'), '10.5');
  await userEvent.type(screen.getByLabelText('Reason'), 'duplicate credit');
  await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
  expect(await screen.findByText('Balance adjusted. New balance: 989.50 PHP.')).toBeInTheDocument();
  expect(api.calls[0].body).toEqual({ memberId: 7, direction: 'DEBIT', amount: '10.5', reason: 'duplicate credit' });
  expect(api.calls[0].headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9-]{8,}$/);
  expect(onDone).toHaveBeenCalled();
});

test('a 202 says a second operator must approve it', async () => {
  mockApi({ 'POST /ops/v1/adjustments': () => ({ status: 202, value: { adjustment: { id: 9, status: 'PENDING_APPROVAL', amount: 2000000 } } }) });
  renderWith(<AdjustDialog {...props} />);
  await userEvent.type(screen.getByLabelText('Amount (PHP)'), '20000');
  await userEvent.type(screen.getByLabelText('Reason'), 'big goodwill');
  await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
  expect(await screen.findByText(/waits until a second operator approves it/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
});

test('the server refusal is shown in the dialog and the same body reuses its key', async () => {
  const api = mockApi({ 'POST /ops/v1/adjustments': () => ({ status: 409, code: 'ledger.insufficient_funds' }) });
  renderWith(<AdjustDialog {...props} />);
  await userEvent.selectOptions(screen.getByLabelText('Direction'), 'DEBIT');
  await userEvent.type(screen.getByLabelText('Amount (PHP)'), '5000');
  await userEvent.type(screen.getByLabelText('Reason'), 'closing balance');
  await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
  expect(await screen.findByRole('alert')).toHaveTextContent("The player's balance is lower than this debit.");
  await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
  await waitFor(() => expect(api.calls).toHaveLength(2));
  expect(api.calls[1].headers['Idempotency-Key']).toBe(api.calls[0].headers['Idempotency-Key']);
});
