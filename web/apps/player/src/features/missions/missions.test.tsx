import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enMissions from '@palaro/i18n/locales/EN/missions.json';
import { logout } from '@/lib/session';
import { loginDemo, renderRouted, stubApi } from '@/test/wallet';
import type { Board, Mission } from './api/missions';
import { MissionLeaderboard } from './components/MissionLeaderboard';

vi.mock('@/lib/socket', () => ({ startSocket: vi.fn(), stopSocket: vi.fn(), socketOpen: () => false, subscribe: vi.fn(() => () => undefined) }));

function missionsI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { common: enCommon, errors: enErrors, missions: enMissions } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

afterEach(async () => {
  cleanup();
  await logout();
  vi.unstubAllGlobals();
});

const END = Date.UTC(2026, 10, 25, 16, 0, 0); // midnight in Manila
const mission = (over: Partial<Mission> = {}): Mission => ({
  id: 1,
  title: 'Bet ₱500 on slots',
  period: 'DAILY',
  kind: 'BET',
  category: 'RNG',
  game: '',
  target: 50_000,
  progress: 12_500,
  done: false,
  completedAt: 0,
  rewardAmount: 2_000,
  rewardKind: 'CASH',
  periodKey: '2026-11-25',
  periodEnd: END,
  ...over,
});
const board = (over: Partial<Board> = {}): Board => ({
  id: 1,
  title: 'Lantern Nights Leaderboard',
  period: 'WEEKLY',
  metric: 'MULTIPLIER',
  category: 'RNG',
  minBet: 1_000,
  prizes: [3_000_000, 2_000_000],
  pool: 5_000_000,
  periodKey: '2026-11-23',
  periodStart: END - 3 * 86_400_000,
  periodEnd: END + 4 * 86_400_000,
  participants: 3,
  entries: [
    { rank: 1, name: 'ju***88', score: 5_000, prize: 3_000_000 },
    { rank: 2, name: 'ma***ia', score: 2_550, prize: 2_000_000 },
  ],
  me: { rank: 3, name: 'de***01', score: 150, prize: 0, me: true },
  paid: false,
  ...over,
});

describe('missions and leaderboard', () => {
  test('daily missions with progress bars, a done mission pointing to the reward centre, weekly on its tab', async () => {
    const api = stubApi({
      'GET /wps/missions': (c) =>
        c.params.get('period') === 'weekly'
          ? { list: [mission({ id: 4, title: 'Log in 5 days in a row', period: 'WEEKLY', kind: 'LOGIN', target: 5, progress: 2, rewardAmount: 10_000, rewardKind: 'BONUS' })], currency: 'PHP', decimals: 2 }
          : { list: [mission(), mission({ id: 2, title: 'Play 3 rounds of Palaro Originals', kind: 'ROUNDS', target: 3, progress: 3, done: true, completedAt: END - 1000 })], currency: 'PHP', decimals: 2 },
      'GET /wps/missions/summary': () => ({ count: 1, dailyDone: 1, dailyTotal: 2, weeklyDone: 0, weeklyTotal: 1, boards: 1, now: END - 5000 }),
      'GET /wps/missions/leaderboard': () => ({ boards: [board()], currency: 'PHP', decimals: 2 }),
    });
    await loginDemo();
    renderRouted(<MissionLeaderboard />, missionsI18n());
    const bet = within(await screen.findByRole('listitem', { name: 'Bet ₱500 on slots' }));
    expect(bet.getByRole('progressbar', { name: 'Progress of Bet ₱500 on slots' })).toHaveAttribute('aria-valuenow', '25');
    expect(bet.getByTestId('mission-progress')).toHaveTextContent('PHP 125.00 / PHP 500.00');
    expect(bet.getByText('In progress')).toBeInTheDocument();
    const rounds = within(screen.getByRole('listitem', { name: 'Play 3 rounds of Palaro Originals' }));
    expect(rounds.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(rounds.getByText('Completed')).toBeInTheDocument();
    expect(rounds.getByRole('link', { name: 'Go to the reward centre' })).toHaveAttribute('href', '/member/rewardCenter');
    expect(await screen.findByRole('link', { name: 'Collect in the reward centre (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Daily 1/2' })).toHaveAttribute('aria-selected', 'true');

    // The leaderboard: pool, first prize, the top places and the member's own place below them.
    const lb = within(screen.getByRole('article', { name: 'Lantern Nights Leaderboard' }));
    expect(lb.getByTestId('leaderboard-pool')).toHaveTextContent('PHP 50,000.00');
    expect(lb.getByTestId('leaderboard-me')).toHaveTextContent('Your place: #3 of 3 (1.50×)');
    const rows = lb.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('50.00×')).toBeInTheDocument();
    expect(within(rows[3]).getByText('de***01 (you)')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Weekly 0/1' }));
    const login = within(await screen.findByRole('listitem', { name: 'Log in 5 days in a row' }));
    expect(login.getByTestId('mission-progress')).toHaveTextContent('2 / 5');
    expect(login.getByText('Bonus')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/wps/missions' && c.params.get('period') === 'weekly')).toBe(true);
  });

  test('no board and no missions: empty states; not ranked yet', async () => {
    stubApi({
      'GET /wps/missions': () => ({ list: [], currency: 'PHP', decimals: 2 }),
      'GET /wps/missions/summary': () => ({ count: 0, dailyDone: 0, dailyTotal: 0, weeklyDone: 0, weeklyTotal: 0, boards: 1, now: END }),
      'GET /wps/missions/leaderboard': () => ({ boards: [board({ me: null, entries: [], participants: 0 })], currency: 'PHP', decimals: 2 }),
    });
    await loginDemo();
    renderRouted(<MissionLeaderboard />, missionsI18n());
    expect(await screen.findByText('No missions right now')).toBeInTheDocument();
    expect(await screen.findByText('You are not ranked yet. Play a qualifying game to join.')).toBeInTheDocument();
    expect(screen.getByText('Nobody has qualified yet this period.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Collect in the reward centre/ })).toBeNull();
  });
});
