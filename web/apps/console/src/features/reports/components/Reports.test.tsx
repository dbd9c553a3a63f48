import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { Dashboard } from './Dashboard';
import { Reports } from './Reports';

// A shared machine renders slowly; the assertions are what matters.
vi.setConfig({ testTimeout: 30_000 });

const zero = {
  registrations: 0, firstDeposits: 0, firstDepositAmount: 0, deposits: 0, depositCount: 0, withdrawals: 0, withdrawalCount: 0, netCash: 0,
  turnover: 0, validBets: 0, wins: 0, rounds: 0, ggr: 0, holdBp: 0, bonusCost: 0, adjustments: 0, ngr: 0, activePlayers: 0, arpu: 0,
};

const dashboard = {
  period: { from: '2026-11-20', to: '2026-11-21' },
  previous: { from: '2026-11-18', to: '2026-11-19' },
  currency: 'PHP',
  decimals: 2,
  timezone: 'Asia/Manila',
  current: { ...zero, turnover: 60000, wins: 45000, ggr: 15000, holdBp: 2500, activePlayers: 2, deposits: 180000, depositCount: 3 },
  prior: { ...zero, turnover: 40000, ggr: 20000, holdBp: 5000, activePlayers: 2, deposits: 70000, depositCount: 1 },
  days: [
    { ...zero, day: '2026-11-20', turnover: 40000, ggr: -5000 },
    { ...zero, day: '2026-11-21', turnover: 20000, ggr: 20000 },
  ],
  topGames: [{ vendor: 'PALARO', game: 'dice', category: 'ORIGINALS', name: 'Dice Duel Davao', turnover: 20000, wins: 0, ggr: 20000, rounds: 1 }],
  topVendors: [{ vendor: 'PALARO', name: 'Palaro Originals', turnover: 20000, wins: 0, ggr: 20000, rounds: 1 }],
};

test('the dashboard shows each figure beside the previous period, the chart and its table', async () => {
  const { calls } = mockApi({ 'GET /ops/v1/reports/dashboard': () => ({ value: dashboard }) });
  renderWith(<Dashboard />, { route: '/dashboard?from=2026-11-20&to=2026-11-21' });
  const cards = await screen.findByRole('list');
  const turnover = within(cards).getByText('Turnover').closest('li')!;
  expect(turnover).toHaveTextContent('600.00');
  expect(turnover).toHaveTextContent('Before: 400.00');
  expect(turnover).toHaveTextContent('Up');
  expect(turnover).toHaveTextContent('+50.0 %');
  const ggr = within(cards).getByText('GGR').closest('li')!;
  expect(ggr).toHaveTextContent('Down');
  expect(ggr).toHaveTextContent('-25.0 %');
  expect(within(cards).getByText('Hold %').closest('li')).toHaveTextContent('25.00 %');
  expect(within(cards).getByText('Deposits').closest('li')).toHaveTextContent('3 transactions');
  expect(calls[0].url.searchParams.get('from')).toBe('2026-11-20');
  expect(screen.getByText(/compared with 2026-11-18 to 2026-11-19/)).toBeInTheDocument();
  expect(screen.getByText('Definitions')).toBeInTheDocument();

  // The chart reads by keyboard; the table holds the same numbers.
  const chart = screen.getByRole('group', { name: /^Turnover\. Bars per day/ });
  fireEvent.keyDown(chart, { key: 'End' });
  expect(screen.getByText('11-21: 200.00')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Turnover per day' });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  fireEvent.change(screen.getByLabelText('Figure'), { target: { value: 'ggr' } });
  expect(within(screen.getByRole('table', { name: 'GGR per day' })).getByText('-50.00')).toBeInTheDocument();

  expect(screen.getByRole('table', { name: 'Top games' })).toHaveTextContent('Dice Duel Davao');
});

test('the reports page lists the games by game, sorts and changes tabs through the URL', async () => {
  const { calls } = mockApi({
    'GET /ops/v1/reports/dashboard': () => ({ value: dashboard }),
    'GET /ops/v1/reports/games': () => ({
      value: {
        period: { from: '2026-11-01', to: '2026-11-30' }, group: 'day', by: 'game', truncated: false, currency: 'PHP', decimals: 2,
        items: [
          { period: '2026-11-20', vendor: 'BGS', category: 'SLOT', game: 'slot', name: 'Slot A', turnover: 10000, validBets: 10000, wins: 5000, ggr: 5000, holdBp: 5000, rounds: 1 },
          { period: '2026-11-21', vendor: 'PALARO', category: 'ORIGINALS', game: 'dice', name: 'Dice Duel Davao', turnover: 20000, validBets: 20000, wins: 0, ggr: 20000, holdBp: 10000, rounds: 1 },
        ],
      },
    }),
    'GET /ops/v1/reports/players': (_b, url) => ({
      value: { items: [{ rank: 1, memberId: 7, username: 'maria', turnover: 5000, validBets: 5000, wins: 0, pnl: 5000, rounds: 2, deposits: 0, withdrawals: 0, bonus: 0 }], total: 1, page: 1, pageSize: 25, currency: 'PHP', decimals: 2, rank: url.searchParams.get('rank') },
    }),
  });
  renderWith(<Reports />, { route: '/reports?tab=day&by=game&from=2026-11-01&to=2026-11-30' });
  const table = await screen.findByRole('table', { name: 'Game' });
  const rows = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]?.textContent);
  expect(rows()).toEqual(['Slot A', 'Dice Duel Davao']);
  fireEvent.click(within(table).getByRole('button', { name: /GGR/ }));
  fireEvent.click(within(table).getByRole('button', { name: /GGR/ }));
  expect(rows()).toEqual(['Dice Duel Davao', 'Slot A']);
  const games = calls.find((c) => c.path === '/ops/v1/reports/games')!;
  expect(Object.fromEntries(games.url.searchParams)).toMatchObject({ from: '2026-11-01', to: '2026-11-30', group: 'day', by: 'game' });

  fireEvent.click(screen.getByRole('tab', { name: 'Players' }));
  expect(await screen.findByText('maria')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Rank by'), { target: { value: 'deposits' } });
  await waitFor(() => expect(calls.some((c) => c.path === '/ops/v1/reports/players' && c.url.searchParams.get('rank') === 'deposits')).toBe(true));
});
