import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { Approvals } from './Approvals';
import type { Adjustment } from '../api/adjustments';

afterEach(() => vi.unstubAllGlobals());

const pending: Adjustment = {
  id: 5,
  status: 'PENDING_APPROVAL',
  memberId: 42,
  memberAccount: 'juan01',
  direction: 'CREDIT',
  amount: 2_000_000,
  currency: 'PHP',
  decimals: 2,
  reason: 'jackpot correction',
  makerId: 2,
  makerName: 'finance01',
  checkerId: 0,
  postingId: 0,
  balance: 0,
  createdAt: 1_790_000_000_000,
  decidedAt: 0,
};

const list = (items: Adjustment[]) => () => ({ value: { items, total: items.length, page: 1, pageSize: 25 } });

test('lists what waits with the maker, the player (linked) and the amount in major units', async () => {
  const api = mockApi({ 'GET /ops/v1/adjustments': list([pending]) });
  renderWith(<Approvals meId={1} />);
  const row = (await screen.findByText('finance01')).closest('tr')!;
  expect(within(row).getByRole('link', { name: 'Open the player juan01' })).toHaveAttribute('href', '/players/42');
  expect(within(row).getByText('20,000.00 PHP')).toBeInTheDocument();
  expect(within(row).getByText('Credit')).toBeInTheDocument();
  expect(api.calls[0].url.searchParams.get('status')).toBe('PENDING_APPROVAL');
});

test('rejecting needs a reason of 3 to 200 characters, then sends it', async () => {
  const api = mockApi({
    'GET /ops/v1/adjustments': list([pending]),
    'POST /ops/v1/adjustments/5/reject': (b) => ({ value: { adjustment: { ...pending, status: 'REJECTED', rejectReason: (b as { reason: string }).reason } } }),
  });
  renderWith(<Approvals meId={1} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Reject adjustment no. 5' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Reject adjustment no. 5?' });
  await userEvent.type(within(dialog).getByLabelText('Reason for rejecting'), ' no');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByText('Write a reason of 3 to 200 characters.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await userEvent.type(within(dialog).getByLabelText('Reason for rejecting'), ' ticket');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'no ticket' }));
  expect(await screen.findByText('The adjustment was rejected.')).toBeInTheDocument();
});

test('the maker approving their own sees the four-eyes refusal in the dialog', async () => {
  mockApi({
    'GET /ops/v1/adjustments': list([pending]),
    'POST /ops/v1/adjustments/5/approve': () => ({ status: 403, code: 'ops.four_eyes' }),
  });
  renderWith(<Approvals meId={2} />);
  expect(await screen.findByText('Yours')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Approve adjustment no. 5' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Approve adjustment no. 5?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('You made this adjustment: another operator must approve or reject it.');
});

test('approving posts it and says how much', async () => {
  const api = mockApi({
    'GET /ops/v1/adjustments': list([pending]),
    'POST /ops/v1/adjustments/5/approve': () => ({ value: { adjustment: { ...pending, status: 'POSTED', postingId: 9, checkerId: 1 } } }),
  });
  renderWith(<Approvals meId={1} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Approve adjustment no. 5' }));
  await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Approved: 20,000.00 PHP posted.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
});
