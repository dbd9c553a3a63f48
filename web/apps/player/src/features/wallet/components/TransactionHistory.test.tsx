import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logout } from '@/lib/session';
import { loginDemo, renderPage, stubApi, type Call } from '@/test/wallet';
import { addDays, todayIn } from '../lib/dateRange';
import { TransactionHistory } from './TransactionHistory';

const BAL = { balance: 1_000_000, currency: 'PHP', currencySymbol: '₱', decimals: 2, freePlay: false };
const today = todayIn(undefined); // the brand zone's today

const ROWS = [
  { id: 3, time: new Date(2026, 10, 21, 9, 5, 7).getTime(), type: 'transfer', amount: -50_000, balanceAfter: 950_000, reference: 'TR-3', remark: 'JDB', wallet: 'MAIN', kind: 'transfer' },
  { id: 2, time: new Date(2026, 10, 20, 8, 0, 0).getTime(), type: 'deposit', amount: 125_050, balanceAfter: 1_000_000, reference: 'D-2', wallet: 'HOLD' },
];

function page(c: Call) {
  const type = c.params.get('type');
  const list = type ? ROWS.filter((r) => r.type === type) : ROWS;
  return { list, total: type ? list.length : 45, page: Number(c.params.get('page')), pageSize: 20, sums: { in: 125_050, out: 50_000 } };
}

afterEach(async () => {
  await logout();
  vi.unstubAllGlobals();
});

const lastQuery = (api: ReturnType<typeof stubApi>) => {
  const calls = api.to('GET', '/wps/v2/wallets/transactions');
  return calls[calls.length - 1].params;
};

test('lists the movements with signed, coloured amounts, balance after, reference and totals', async () => {
  stubApi({ 'GET /wps/v2/wallets/balance': () => BAL, 'GET /wps/v2/wallets/transactions': page });
  await loginDemo();
  renderPage(<TransactionHistory />, { path: '/member/transactionHistory' });
  const rows = await screen.findAllByTestId('record-row');
  expect(rows).toHaveLength(2);
  await waitFor(() => expect(within(rows[0]).getByTestId('record-amount')).toHaveTextContent('-₱500.00'));
  expect(within(rows[0]).getByTestId('record-amount')).toHaveAttribute('data-sign', 'out');
  expect(within(rows[0]).getByTestId('record-balance-after')).toHaveTextContent('₱9,500.00');
  expect(within(rows[0]).getByTestId('record-type')).toHaveTextContent('Transfer');
  expect(within(rows[0]).queryByTestId('record-wallet')).toBeNull();
  expect(within(rows[1]).getByTestId('record-wallet')).toHaveTextContent('Withdrawal hold');
  expect(rows[0]).toHaveTextContent('2026-11-21 09:05:07');
  expect(rows[0]).toHaveTextContent('TR-3');
  expect(within(rows[1]).getByTestId('record-amount')).toHaveTextContent('+₱1,250.50');
  expect(within(rows[1]).getByTestId('record-amount')).toHaveAttribute('data-sign', 'in');
  expect(screen.getByTestId('record-sum-in')).toHaveTextContent('+₱1,250.50');
  expect(screen.getByTestId('record-sum-out')).toHaveTextContent('-₱500.00');
  expect(screen.getByTestId('record-count')).toHaveTextContent('45');
});

test('defaults to the previous 7 days; presets and 7/30-day steps change the range, never past today', async () => {
  const api = stubApi({ 'GET /wps/v2/wallets/balance': () => BAL, 'GET /wps/v2/wallets/transactions': page });
  await loginDemo();
  renderPage(<TransactionHistory />, { path: '/member/transactionHistory' });
  await screen.findAllByTestId('record-row');
  expect(lastQuery(api).get('from')).toBe(addDays(today, -6));
  expect(lastQuery(api).get('to')).toBe(today);
  expect(screen.getByTestId('record-preset-last7')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByTestId('record-forward-7')).toBeDisabled();
  expect(screen.getByTestId('record-forward-30')).toBeDisabled();

  fireEvent.click(screen.getByTestId('record-preset-last30'));
  await waitFor(() => expect(lastQuery(api).get('from')).toBe(addDays(today, -29)));
  expect(screen.getByTestId('record-preset-last30')).toHaveAttribute('aria-pressed', 'true');

  fireEvent.click(screen.getByTestId('record-back-30'));
  await waitFor(() => expect(lastQuery(api).get('to')).toBe(addDays(today, -30)));
  expect(lastQuery(api).get('from')).toBe(addDays(today, -59));
  expect(screen.getByTestId('record-preset-last30')).toHaveAttribute('aria-pressed', 'false');

  fireEvent.click(screen.getByTestId('record-back-7'));
  await waitFor(() => expect(lastQuery(api).get('to')).toBe(addDays(today, -37)));

  fireEvent.click(screen.getByTestId('record-forward-30'));
  await waitFor(() => expect(lastQuery(api).get('to')).toBe(addDays(today, -7)));
  fireEvent.click(screen.getByTestId('record-forward-30'));
  // The same window as the 30-day preset: answered from the cache, so read the URL.
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`from=${addDays(today, -29)}&to=${today}`));
  expect(screen.getByTestId('record-preset-last30')).toHaveAttribute('aria-pressed', 'true');

  fireEvent.click(screen.getByTestId('record-preset-today'));
  await waitFor(() => expect(lastQuery(api).get('from')).toBe(today));
  expect(screen.getByTestId('location')).toHaveTextContent(`from=${today}&to=${today}`);
});

test('filters by type and pages; the filter lives in the URL', async () => {
  const api = stubApi({ 'GET /wps/v2/wallets/balance': () => BAL, 'GET /wps/v2/wallets/transactions': page });
  await loginDemo();
  renderPage(<TransactionHistory />, { path: '/member/transactionHistory?from=2026-10-01&to=2026-10-31&page=2' });
  await screen.findAllByTestId('record-row');
  expect(lastQuery(api).get('from')).toBe('2026-10-01');
  expect(lastQuery(api).get('to')).toBe('2026-10-31');
  expect(lastQuery(api).get('page')).toBe('2');
  expect(lastQuery(api).get('pageSize')).toBe('20');
  expect(lastQuery(api).get('type')).toBeNull();

  // 45 records, 20 a page: three pages.
  fireEvent.click(screen.getByRole('button', { name: /page 3/i }));
  await waitFor(() => expect(lastQuery(api).get('page')).toBe('3'));

  fireEvent.click(screen.getByTestId('record-type-deposit'));
  await waitFor(() => expect(lastQuery(api).get('type')).toBe('deposit'));
  expect(lastQuery(api).get('page')).toBe('1');
  await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(1));
  expect(screen.getByTestId('record-type-deposit')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByTestId('location')).toHaveTextContent('type=deposit');

  fireEvent.click(screen.getByTestId('record-type-all'));
  await waitFor(() => expect(lastQuery(api).get('type')).toBeNull());
});

test('two filter changes while the first navigation is pending both stick', async () => {
  const api = stubApi({ 'GET /wps/v2/wallets/balance': () => BAL, 'GET /wps/v2/wallets/transactions': page });
  await loginDemo();
  // The member routes have a loader, so a filter change is a navigation that waits for it.
  renderPage(<TransactionHistory />, { path: '/member/transactionHistory?from=2026-10-01&to=2026-10-31&page=2', loaderMs: 60 });
  await screen.findAllByTestId('record-row');
  fireEvent.click(screen.getByTestId('record-type-deposit'));
  fireEvent.click(screen.getByTestId('record-preset-last7'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`from=${addDays(today, -6)}`));
  await new Promise((r) => setTimeout(r, 150));
  expect(screen.getByTestId('location')).toHaveTextContent('type=deposit');
  expect(screen.getByTestId('location')).not.toHaveTextContent('page=');
  await waitFor(() => expect(lastQuery(api).get('type')).toBe('deposit'));
  expect(lastQuery(api).get('from')).toBe(addDays(today, -6));
});

test('a bad URL filter falls back to the previous 7 days; a too long range is cut to 90 days', async () => {
  const api = stubApi({ 'GET /wps/v2/wallets/balance': () => BAL, 'GET /wps/v2/wallets/transactions': page });
  await loginDemo();
  const { unmount } = renderPage(<TransactionHistory />, { path: '/x?from=2026-02-30&to=yesterday&type=cheese' });
  await screen.findAllByTestId('record-row');
  expect(lastQuery(api).get('from')).toBe(addDays(today, -6));
  expect(lastQuery(api).get('type')).toBeNull();
  unmount();
  renderPage(<TransactionHistory />, { path: `/x?from=2020-01-01&to=${today}` });
  await screen.findAllByTestId('record-row');
  expect(lastQuery(api).get('from')).toBe(addDays(today, -89));
});

test('empty and error states', async () => {
  let fail = true;
  stubApi({
    'GET /wps/v2/wallets/balance': () => BAL,
    'GET /wps/v2/wallets/transactions': () => (fail ? { status: 500, code: 'server.internal' } : { list: [], total: 0, page: 1, pageSize: 20, sums: { in: 0, out: 0 } }),
  });
  await loginDemo();
  renderPage(<TransactionHistory />);
  const retry = await screen.findByRole('button', { name: /try again/i });
  fail = false;
  fireEvent.click(retry);
  expect(await screen.findByText('No records in this period')).toBeInTheDocument();
});

test('CSV export fetches with the bearer token and the same filter, and saves a blob', async () => {
  const csv = '\ufeffTime,Type,Amount\n2026-11-21 09:05:07,Transfer,-500.00\n';
  const api = stubApi({
    'GET /wps/v2/wallets/balance': () => BAL,
    'GET /wps/v2/wallets/transactions': page,
    'GET /wps/v2/wallets/transactions.csv': () => ({
      raw: new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="account-record.csv"' } }),
    }),
  });
  const created: Blob[] = [];
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (b: Blob) => (created.push(b), 'blob:test/1'), revokeObjectURL: vi.fn() }));
  const clicked: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  await loginDemo();
  renderPage(<TransactionHistory />, { path: '/x?from=2026-11-01&to=2026-11-21&type=transfer' });
  await screen.findAllByTestId('record-row');
  fireEvent.click(screen.getByTestId('record-export'));
  expect(await screen.findByTestId('record-export-done')).toHaveTextContent('Downloaded account-record.csv.');
  const [call] = api.to('GET', '/wps/v2/wallets/transactions.csv');
  expect(call.headers.Authorization).toBe('Bearer tok-0');
  expect(call.params.get('from')).toBe('2026-11-01');
  expect(call.params.get('to')).toBe('2026-11-21');
  expect(call.params.get('type')).toBe('transfer');
  expect(clicked).toEqual(['account-record.csv']);
  expect(await created[0].text()).toContain('-500.00');
  click.mockRestore();
});

test('a refused export shows the error', async () => {
  stubApi({
    'GET /wps/v2/wallets/balance': () => BAL,
    'GET /wps/v2/wallets/transactions': page,
    'GET /wps/v2/wallets/transactions.csv': () => ({ status: 400, code: 'wallet.range_too_long' }),
  });
  await loginDemo();
  renderPage(<TransactionHistory />);
  await screen.findAllByTestId('record-row');
  fireEvent.click(screen.getByTestId('record-export'));
  expect(await screen.findByTestId('record-export-error')).toBeInTheDocument();
});
