import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { PointsScreen } from './PointsScreen';

afterEach(() => vi.unstubAllGlobals());

const cap = { id: 4, kind: 'GOODS', nameEN: 'Palaro cap', nameTY: 'Palaro cap', descEN: '', descTY: '', imageUrl: '', points: 2000, amount: 0, spins: 0, wagerMultiple: 0, stock: 99, memberLimit: 2, status: 'ACTIVE', sort: 4 };
const items = { value: { list: [cap], currency: 'PHP', decimals: 2 } };
const waiting = {
  id: 7, ref: 'PM00000007', memberId: 12, account: 'juan88', itemId: 4, kind: 'GOODS', name: 'Palaro cap', quantity: 1, points: 2000, amount: 0, status: 'IN_PROCESS',
  address: { name: 'Juan Dela Cruz', phone: '09171234567', address: '12 Rizal St, Makati' }, reason: '', createdAt: 1_790_000_000_000, reviewedAt: 0,
};

test('items: a new bonus-cash item is sent in minor units', async () => {
  const api = mockApi({ 'GET /ops/v1/points/items': () => items, 'POST /ops/v1/points/items': (body) => ({ value: { ...cap, ...(body as object), id: 9 } }) });
  renderWith(<PointsScreen canWrite />);
  expect(await screen.findByText('Palaro cap')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'New item' }));
  const dialog = await screen.findByRole('dialog', { name: 'New item' });
  await userEvent.type(within(dialog).getByLabelText('Name (English)'), '₱25 bonus cash');
  await userEvent.type(within(dialog).getByLabelText('Points'), '250');
  await userEvent.type(within(dialog).getByLabelText('Cash amount'), '25.50');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('₱25 bonus cash was created.')).toBeInTheDocument();
  const post = api.calls.find((c) => c.method === 'POST');
  expect(post?.body).toMatchObject({ kind: 'BONUS_CASH', nameEN: '₱25 bonus cash', points: 250, amount: 2550, stock: -1, memberLimit: 0 });
}, 20_000);

test('review: a rejection needs a reason and is sent with it', async () => {
  const api = mockApi({
    'GET /ops/v1/points/items': () => items,
    'GET /ops/v1/points/redemptions': () => ({ value: { items: [waiting], total: 1, page: 1, pageSize: 20, currency: 'PHP', decimals: 2 } }),
    'POST /ops/v1/points/redemptions/7/reject': () => ({ value: { ...waiting, status: 'REJECTED', reason: 'out of area' } }),
  });
  renderWith(<PointsScreen canWrite />);
  await userEvent.click(await screen.findByRole('tab', { name: 'Redemptions' }));
  const row = (await screen.findByText('PM00000007')).closest('tr')!;
  expect(within(row).getByText(/Juan Dela Cruz, 09171234567/)).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Reject PM00000007' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByText('Enter a reason of 3 to 200 characters.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'out of area');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('PM00000007 was rejected; 2,000 points went back to the player.')).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'out of area' });
}, 20_000);
