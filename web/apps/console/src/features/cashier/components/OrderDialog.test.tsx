import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { normalizeRow, type QueueRow } from '../api/queue';
import { OrderDialog } from './OrderDialog';

vi.setConfig({ testTimeout: 30_000 }); // userEvent on a busy machine
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  globalThis.URL.createObjectURL = vi.fn(() => 'blob:receipt-1');
  globalThis.URL.revokeObjectURL = vi.fn();
});

const raw = (over: Record<string, unknown> = {}) => ({
  id: 7,
  orderNo: 'D2026001',
  memberId: 42,
  memberAccount: 'juan88',
  method: 'BDO_BANK',
  type: 'BANK',
  amount: 150_050,
  currency: 'PHP',
  decimals: 2,
  status: 'PENDING_REVIEW',
  reference: 'REF-1',
  hasReceipt: true,
  createdAt: 1_700_000_000_000,
  risks: ['first_deposit'],
  ...over,
});
const row = (over: Record<string, unknown> = {}): QueueRow => normalizeRow('deposits', raw(over));
const player = { player: { id: 42, username: 'juan88', status: 'ACTIVE', createdAt: 1, lastLoginAt: 2, lastLoginIp: '203.0.113.9' }, balances: { main: 100 } };

function open(r: QueueRow, canDecide = true) {
  return renderWith(<OrderDialog row={r} open onClose={vi.fn()} canDecide={canDecide} canSeePlayers playerPath={(id) => `/players/${id}`} />);
}

test('shows the order, the player, the flags explained and the receipt from a blob URL', async () => {
  const api = mockApi({
    'GET /ops/v1/cashier/deposits/7': () => ({ value: raw() }),
    'GET /ops/v1/players/42': () => ({ value: player }),
  });
  // The image endpoint answers bytes, not an envelope.
  const fetchJson = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) =>
    String(input).endsWith('/receipt') ? new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }) : fetchJson(input, init),
  );
  open(row());
  const dialog = await screen.findByRole('dialog', { name: 'Deposit D2026001' });
  expect(dialog).toHaveTextContent('1,500.50 PHP');
  expect(screen.getByRole('link', { name: 'juan88' })).toHaveAttribute('href', '/players/42');
  expect(screen.getByText('No deposit of this player was credited before.')).toBeInTheDocument();
  const img = await screen.findByRole('img', { name: 'Receipt of deposit D2026001' });
  expect(img).toHaveAttribute('src', 'blob:receipt-1');
  expect(await screen.findByText('203.0.113.9')).toBeInTheDocument();
});

test('rejecting needs a reason of 3 to 200 characters, checked before anything is sent', async () => {
  const api = mockApi({
    'GET /ops/v1/cashier/deposits/7': () => ({ value: raw() }),
    'GET /ops/v1/players/42': () => ({ value: player }),
    'POST /ops/v1/cashier/deposits/7/reject': (body) => ({ value: raw({ status: 'REJECTED', rejectReason: (body as { reason: string }).reason }) }),
  });
  open(row({ hasReceipt: false }));
  await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
  await userEvent.type(screen.getByLabelText('Reason shown to the player'), ' x ');
  await userEvent.click(screen.getByRole('button', { name: 'Reject with this reason' }));
  expect(await screen.findByText('Enter a reason of 3 to 200 characters.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await userEvent.clear(screen.getByLabelText('Reason shown to the player'));
  await userEvent.type(screen.getByLabelText('Reason shown to the player'), '  Receipt is unreadable ');
  await userEvent.click(screen.getByRole('button', { name: 'Reject with this reason' }));
  await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Receipt is unreadable' }));
  expect(await screen.findByText('Order D2026001 rejected. The player was told why.')).toBeInTheDocument();
});

test('an approval the server wants re-confirmed asks for the authenticator code and sends it', async () => {
  const api = mockApi({
    'GET /ops/v1/cashier/deposits/7': () => ({ value: raw() }),
    'GET /ops/v1/players/42': () => ({ value: player }),
    'POST /ops/v1/cashier/deposits/7/approve': (body) => {
      const otp = (body as { otp?: string } | undefined)?.otp;
      if (!otp) return { status: 401, code: 'ops.otp_required' };
      if (otp !== '654321') return { status: 401, code: 'ops.otp_invalid' };
      return { value: raw({ status: 'CREDITED' }) };
    },
  });
  open(row({ hasReceipt: false }));
  expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  const code = await screen.findByLabelText('Authenticator code');
  expect(await screen.findByText('Enter your authenticator code to approve this amount.')).toBeInTheDocument();
  await userEvent.type(code, '12');
  await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
  await userEvent.clear(code);
  await userEvent.type(code, '111111');
  await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('That code is wrong or was already used. Enter the current one.')).toBeInTheDocument();
  await userEvent.clear(code);
  await userEvent.type(code, '654321');
  await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Order D2026001 approved: Credited.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}, { otp: '111111' }, { otp: '654321' }]);
});

test('an order above the brand amount shows the code field up front; a decided order or a reader gets no buttons', async () => {
  mockApi({ 'GET /ops/v1/cashier/deposits/7': () => ({ value: raw({ needsCode: true }) }), 'GET /ops/v1/players/42': () => ({ value: player }) });
  const { unmount } = open(row({ needsCode: true, hasReceipt: false }));
  expect(await screen.findByLabelText('Authenticator code')).toBeInTheDocument();
  expect(screen.getByText(/above the brand's limit/)).toBeInTheDocument();
  unmount();
  mockApi({ 'GET /ops/v1/cashier/deposits/7': () => ({ value: raw({ status: 'CREDITED' }) }), 'GET /ops/v1/players/42': () => ({ value: player }) });
  const second = open(row({ status: 'CREDITED', hasReceipt: false }));
  await screen.findByRole('dialog');
  expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  second.unmount();
  mockApi({ 'GET /ops/v1/cashier/deposits/7': () => ({ value: raw() }), 'GET /ops/v1/players/42': () => ({ value: player }) });
  open(row({ hasReceipt: false }), false);
  await screen.findByRole('dialog');
  expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
});

test('a withdrawal waiting for the rest of its money can be marked settled in full', async () => {
  const w = { id: 9, orderNo: 'W1', memberId: 42, memberAccount: 'juan88', amount: 50_000, remainingAmount: 20_000, currency: 'PHP', decimals: 2, status: 'PARTIALLY_RECEIVED', account: { type: 'EWALLET', bankName: 'GCash', accountName: 'Juan', accountNumber: '0917' }, risks: [], hasProof: false };
  const api = mockApi({
    'GET /ops/v1/cashier/withdrawals/9': () => ({ value: w }),
    'GET /ops/v1/players/42': () => ({ value: player }),
    'POST /ops/v1/cashier/withdrawals/9/full-payment': () => ({ value: { ...w, status: 'FULL_PAYMENT' } }),
  });
  renderWith(<OrderDialog row={normalizeRow('withdrawals', w)} open onClose={vi.fn()} canDecide canSeePlayers={false} playerPath={(id) => `/players/${id}`} />);
  expect(await screen.findByText('200.00 PHP')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Mark as settled in full' }));
  expect(await screen.findByText('Order W1 settled in full.')).toBeInTheDocument();
  expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/full-payment'))).toBe(true);
});
