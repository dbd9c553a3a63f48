import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { normalizeRow, queueParams } from '../api/queue';
import { QueueTable } from './QueueTable';
import { Cashier } from './Cashier';

vi.setConfig({ testTimeout: 30_000 }); // userEvent on a busy machine
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());

const deposit = (id: number, over: Record<string, unknown> = {}) =>
  normalizeRow('deposits', { id, orderNo: `D${id}`, memberId: 40 + id, memberAccount: `player${id}`, method: 'BDO_BANK', type: 'BANK', amount: id * 10_000, currency: 'PHP', decimals: 2, status: 'PENDING_REVIEW', createdAt: 1_700_000_000_000 + id, risks: [], ...over });

test('the table names the player with a link, shows amounts, status and explained risk badges, and opens a row', async () => {
  const onOpen = vi.fn();
  renderWith(
    <QueueTable
      rows={[deposit(1, { risks: ['first_deposit'] }), deposit(2, { status: 'CREDITED', flag: 'amount_mismatch' })]}
      page={1}
      totalPages={1}
      onPageChange={vi.fn()}
      onOpen={onOpen}
      sort={null}
      onSortChange={vi.fn()}
      canSeePlayers
      playerPath={(id) => `/players/${id}`}
    />,
  );
  const rows = screen.getAllByRole('row');
  expect(rows).toHaveLength(3);
  const first = within(rows[1]);
  expect(first.getByRole('link', { name: 'player1' })).toHaveAttribute('href', '/players/41');
  expect(first.getByText('100.00 PHP')).toBeInTheDocument();
  expect(first.getByText('Waiting for review')).toBeInTheDocument();
  expect(first.getByText('First deposit')).toHaveAttribute('title', 'No deposit of this player was credited before.');
  const second = within(rows[2]);
  expect(second.getByText('Amount mismatch')).toBeInTheDocument();
  expect(second.getByRole('button', { name: 'Open order D2' })).toHaveTextContent('View');
  await userEvent.click(first.getByRole('button', { name: 'Open order D1' }));
  expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1, username: 'player1' }));
});

test('the filter becomes the query: blanks left out, the queue opens on what waits for review', () => {
  expect(queueParams({ status: 'PENDING_REVIEW', orderNo: ' D1 ', member: '', from: '2026-11-01', to: '2026-11-02' }, 2, 20)).toEqual({
    page: 2,
    pageSize: 20,
    status: 'PENDING_REVIEW',
    orderNo: 'D1',
    member: undefined,
    from: '2026-11-01',
    to: '2026-11-02',
  });
});

test('the screen reads the queue with the filter, checks it like the server, and pages', async () => {
  const api = mockApi({
    'GET /ops/v1/cashier/deposits': (_b, url) => ({
      value: { list: url.searchParams.get('member') === 'nobody' ? [] : [deposit(1), deposit(2)], total: url.searchParams.get('member') === 'nobody' ? 0 : 45, page: 1, pageSize: 20 },
    }),
  });
  renderWith(<Cashier permissions={['cashier.read']} playerPath={(id) => `/players/${id}`} />, { route: '/cashier' });
  expect(await screen.findByText('45 orders')).toBeInTheDocument();
  expect(api.calls[0].url.searchParams.get('status')).toBe('PENDING_REVIEW');
  // A reader without players.read sees names without links.
  expect(screen.queryByRole('link', { name: 'player1' })).toBeNull();
  await userEvent.type(screen.getByLabelText('Order no.'), 'bad order!');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText("An order number has letters, digits, '-' or '_' (at most 32).")).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Order no.'));
  await userEvent.type(screen.getByLabelText('Username'), 'nobody');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
  expect(api.calls.at(-1)!.url.searchParams.get('member')).toBe('nobody');
});

test('a capped count reads as more than the cap', async () => {
  mockApi({
    'GET /ops/v1/cashier/deposits': () => ({ value: { list: [deposit(1), deposit(2)], total: 10000, totalCapped: true, page: 1, pageSize: 20 } }),
  });
  renderWith(<Cashier permissions={['cashier.read']} playerPath={(id) => `/players/${id}`} />, { route: '/cashier' });
  expect(await screen.findByText('More than 10000 orders; narrow the filters.')).toBeInTheDocument();
  expect(screen.queryByText('10000 orders')).toBeNull();
});
