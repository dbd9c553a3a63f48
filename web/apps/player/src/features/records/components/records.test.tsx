import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logout } from '@/lib/session';
import { addDays } from '@/lib/dateRange';
import { loginDemo, renderRecords, stubApi, type Call } from '@/test/records';
import { BettingRecord } from './BettingRecord';
import { ProfitLoss } from './ProfitLoss';

// The records count days in the brand's zone (the server answers Asia/Manila,
// UTC+8), which is a day ahead of UTC from 16:00 UTC: the expected dates are
// Manila's, worked out here with Intl rather than with the page's own helper.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const ROUNDS = [
  { roundId: 'R-2', vendor: 'PG', gameCode: 'PG_1', gameName: 'Lucky Reels', gameType: 'RNG', bet: 10_000, validBet: 10_000, win: 250_000, profit: 240_000, status: 'COMPLETED', startedAt: new Date(2026, 10, 21, 9, 5, 7).getTime(), endedAt: new Date(2026, 10, 21, 9, 5, 9).getTime() },
  { roundId: 'R-1', vendor: 'SXG', gameCode: 'SXG_BAC', gameName: '', gameType: 'LIVE', bet: 5_000, validBet: 0, win: 0, profit: 0, status: 'CANCELLED', startedAt: new Date(2026, 10, 20, 8, 0, 0).getTime() },
];

function bets(c: Call) {
  const gt = c.params.get('gameType');
  const st = c.params.get('status');
  const list = ROUNDS.filter((r) => (!gt || r.gameType === gt) && (!st || r.status === st));
  return { list, total: list.length === 2 ? 41 : list.length, page: Number(c.params.get('page')), pageSize: 20, sums: { bet: 15_000, validBet: 10_000, win: 250_000, profit: 240_000 }, timezone: 'Asia/Manila' };
}

afterEach(async () => {
  await logout();
  vi.unstubAllGlobals();
});

const last = (api: ReturnType<typeof stubApi>, path: string) => {
  const calls = api.to('GET', path);
  return calls[calls.length - 1].params;
};

test('betting record: rounds with game, amounts, signed profit, status and the sums of the filter', async () => {
  stubApi({ 'GET /wps/records/bets': bets });
  await loginDemo();
  renderRecords(<BettingRecord />, '/member/personalHistoryCopy');
  const rows = await screen.findAllByTestId('bets-row');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).getByTestId('bets-game')).toHaveTextContent('Lucky Reels');
  expect(rows[0]).toHaveTextContent('Slots · PG · R-2');
  expect(within(rows[0]).getByTestId('bets-bet')).toHaveTextContent('100.00');
  expect(within(rows[0]).getByTestId('bets-win')).toHaveTextContent('2,500.00');
  expect(within(rows[0]).getByTestId('bets-profit')).toHaveTextContent('+2,400.00');
  expect(within(rows[0]).getByTestId('bets-profit')).toHaveAttribute('data-sign', 'in');
  expect(within(rows[0]).getByTestId('bets-status')).toHaveTextContent('Settled');
  // A game the catalogue does not name shows its code; the time is the brand's (Manila).
  expect(within(rows[1]).getByTestId('bets-game')).toHaveTextContent('SXG_BAC');
  expect(within(rows[1]).getByTestId('bets-status')).toHaveTextContent('Cancelled');
  expect(screen.getByTestId('records-sum-bet')).toHaveTextContent('150.00');
  expect(screen.getByTestId('records-sum-validBet')).toHaveTextContent('100.00');
  expect(screen.getByTestId('records-sum-profit')).toHaveTextContent('+2,400.00');
  expect(screen.getByTestId('records-count')).toHaveTextContent('41');
  // 41 rounds, 20 a page: a pager with 3 pages.
  expect(screen.getByRole('navigation')).toBeInTheDocument();
});

test('betting record: presets, steps and filters go to the server and the URL; a bad URL falls back', async () => {
  const api = stubApi({ 'GET /wps/records/bets': bets });
  await loginDemo();
  renderRecords(<BettingRecord />, '/member/personalHistoryCopy?from=nonsense&status=BOGUS&gameType=XYZ&page=0');
  await screen.findAllByTestId('bets-row');
  // The first request goes out before the brand's zone is known; the page asks again once it is.
  await waitFor(() => expect(last(api, '/wps/records/bets').get('from')).toBe(addDays(today, -6)));
  expect(last(api, '/wps/records/bets').get('to')).toBe(today);
  expect(last(api, '/wps/records/bets').get('status')).toBeNull();
  expect(last(api, '/wps/records/bets').get('gameType')).toBeNull();
  expect(last(api, '/wps/records/bets').get('page')).toBe('1');
  expect(screen.getByTestId('records-forward-7')).toBeDisabled();

  fireEvent.change(screen.getByTestId('records-gametype'), { target: { value: 'LIVE' } });
  await waitFor(() => expect(last(api, '/wps/records/bets').get('gameType')).toBe('LIVE'));
  await waitFor(() => expect(screen.getAllByTestId('bets-row')).toHaveLength(1));
  fireEvent.change(screen.getByTestId('records-status'), { target: { value: 'CANCELLED' } });
  await waitFor(() => expect(last(api, '/wps/records/bets').get('status')).toBe('CANCELLED'));
  expect(screen.getByTestId('location')).toHaveTextContent('gameType=LIVE');
  expect(screen.getByTestId('location')).toHaveTextContent('status=CANCELLED');

  fireEvent.click(screen.getByTestId('records-preset-last30'));
  await waitFor(() => expect(last(api, '/wps/records/bets').get('from')).toBe(addDays(today, -29)));
  // The filters stay when the dates change.
  expect(last(api, '/wps/records/bets').get('gameType')).toBe('LIVE');
  fireEvent.click(screen.getByTestId('records-back-30'));
  await waitFor(() => expect(last(api, '/wps/records/bets').get('to')).toBe(addDays(today, -30)));
  expect(screen.getByTestId('records-forward-7')).toBeEnabled();
  fireEvent.click(screen.getByTestId('records-forward-30'));
  fireEvent.click(screen.getByTestId('records-forward-30'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`to=${today}`));
});

test('betting record: an empty period and a server error', async () => {
  stubApi({ 'GET /wps/records/bets': () => ({ list: [], total: 0, page: 1, pageSize: 20, sums: { bet: 0, validBet: 0, win: 0, profit: 0 } }) });
  await loginDemo();
  const { unmount } = renderRecords(<BettingRecord />, '/member/personalHistoryCopy');
  expect(await screen.findByText('No bets in this period')).toBeInTheDocument();
  unmount();
  vi.unstubAllGlobals();
  stubApi({ 'GET /wps/records/bets': () => ({ status: 400, code: 'records.invalid_range' }) });
  renderRecords(<BettingRecord />, '/member/personalHistoryCopy?from=2026-01-01&to=2026-01-02');
  expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
});

test('profit and loss: days newest first with categories, day totals and the range total', async () => {
  const api = stubApi({
    'GET /wps/records/profit': () => ({
      days: [
        { day: '2026-11-21', categories: [{ gameType: 'LIVE', bet: 20_000, validBet: 20_000, win: 0, profit: -20_000, rounds: 2 }, { gameType: 'RNG', bet: 10_000, validBet: 10_000, win: 250_000, profit: 240_000, rounds: 1 }], total: { bet: 30_000, validBet: 30_000, win: 250_000, profit: 220_000, rounds: 3 } },
        { day: '2026-11-20', categories: [{ gameType: 'FISH', bet: 5_000, validBet: 5_000, win: 1_000, profit: -4_000, rounds: 4 }], total: { bet: 5_000, validBet: 5_000, win: 1_000, profit: -4_000, rounds: 4 } },
      ],
      total: { bet: 35_000, validBet: 35_000, win: 251_000, profit: 216_000, rounds: 7 },
      timezone: 'Asia/Manila',
    }),
  });
  await loginDemo();
  renderRecords(<ProfitLoss />, '/member/personalProfit');
  const days = await screen.findAllByTestId('profit-day');
  expect(days.map((d) => d.getAttribute('data-day'))).toEqual(['2026-11-21', '2026-11-20']);
  expect(within(days[0]).getByTestId('profit-day-total')).toHaveTextContent('+2,200.00');
  const rows = within(days[0]).getAllByTestId('profit-row');
  expect(rows[0]).toHaveTextContent('Live Casino');
  expect(within(rows[0]).getByTestId('profit-value')).toHaveTextContent('-200.00');
  expect(within(rows[0]).getByTestId('profit-value')).toHaveAttribute('data-sign', 'out');
  expect(within(days[1]).getByTestId('profit-day-total')).toHaveTextContent('-40.00');
  expect(screen.getByTestId('records-sum-profit')).toHaveTextContent('+2,160.00');
  expect(screen.getByTestId('records-sum-win')).toHaveTextContent('2,510.00');
  fireEvent.click(screen.getByTestId('records-preset-today'));
  await waitFor(() => expect(last(api, '/wps/records/profit').get('from')).toBe(today));
  expect(last(api, '/wps/records/profit').get('to')).toBe(today);
});

test('betting record: two filter changes while the first navigation is pending both stick', async () => {
  stubApi({ 'GET /wps/records/bets': bets });
  await loginDemo();
  // The member routes have a loader, so a filter change is a navigation that waits for it.
  renderRecords(<BettingRecord />, '/member/personalHistoryCopy?gameType=LIVE&status=CANCELLED', { loaderMs: 60 });
  await screen.findAllByTestId('bets-row');
  fireEvent.change(screen.getByTestId('records-status'), { target: { value: '' } });
  fireEvent.change(screen.getByTestId('records-gametype'), { target: { value: '' } });
  await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('gameType='));
  await new Promise((r) => setTimeout(r, 150));
  expect(screen.getByTestId('location')).not.toHaveTextContent('gameType=');
  expect(screen.getByTestId('location')).not.toHaveTextContent('status=');
  await waitFor(() => expect(screen.getAllByTestId('bets-row')).toHaveLength(2));
});
