// GET /ops/v1/reports/{dashboard,daily,games,players} (docs/reports.md).
// Money is in minor units of the brand currency; holdBp is basis points.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { todayIn, type Period } from './period';

export type Metrics = {
  registrations: number;
  firstDeposits: number;
  firstDepositAmount: number;
  deposits: number;
  depositCount: number;
  withdrawals: number;
  withdrawalCount: number;
  netCash: number;
  turnover: number;
  validBets: number;
  wins: number;
  rounds: number;
  ggr: number;
  holdBp: number;
  bonusCost: number;
  adjustments: number;
  ngr: number;
  activePlayers: number;
  arpu: number;
};
export type DayPoint = Metrics & { day: string };
export type Top = { vendor: string; game?: string; category?: string; name: string; turnover: number; wins: number; ggr: number; rounds: number };
export type Dashboard = {
  period: Period;
  previous: Period;
  currency: string;
  decimals: number;
  timezone: string;
  current: Metrics;
  prior: Metrics;
  days: DayPoint[];
  topGames: Top[];
  topVendors: Top[];
};

export type Group = 'day' | 'month';
export type By = 'total' | 'vendor' | 'category' | 'game';
export type Rank = 'pnl' | 'deposits' | 'turnover';

export type GameRow = { period: string; vendor: string; category?: string; game?: string; name: string; turnover: number; validBets: number; wins: number; ggr: number; holdBp: number; rounds: number };
export type DailyList = { period: Period; group: Group; items: DayPoint[]; currency: string; decimals: number };
export type GamesList = { period: Period; group: Group; by: By; items: GameRow[]; truncated: boolean; currency: string; decimals: number };
export type PlayerRow = { rank: number; memberId: number; username: string; turnover: number; validBets: number; wins: number; pnl: number; rounds: number; deposits: number; withdrawals: number; bonus: number };
export type PlayerPage = { items: PlayerRow[]; total: number; page: number; pageSize: number; currency: string; decimals: number };

/** A period as query parameters; none means the server's default, the last 30 days. */
const range = (p: Period | null) => (p ? { from: p.from, to: p.to } : {});

export const dashboardQuery = (p: Period | null) =>
  queryOptions({
    queryKey: ['ops', 'reports', 'dashboard', p],
    queryFn: ({ signal }) => api.get<Dashboard>('/ops/v1/reports/dashboard', range(p), signal),
    placeholderData: keepPreviousData,
  });

/** The brand's time zone (for the presets), from the dashboard of one day; read once. */
export const zoneQuery = queryOptions({
  queryKey: ['ops', 'reports', 'zone'],
  queryFn: ({ signal }) => {
    const day = todayIn(undefined);
    return api.get<Dashboard>('/ops/v1/reports/dashboard', { from: day, to: day }, signal);
  },
  staleTime: Infinity,
});

export const dailyQuery = (p: Period, group: Group) =>
  queryOptions({
    queryKey: ['ops', 'reports', 'daily', p, group],
    queryFn: ({ signal }) => api.get<DailyList>('/ops/v1/reports/daily', { ...range(p), group }, signal),
    placeholderData: keepPreviousData,
  });

export const gamesQuery = (p: Period, group: Group, by: Exclude<By, 'total'>) =>
  queryOptions({
    queryKey: ['ops', 'reports', 'games', p, group, by],
    queryFn: ({ signal }) => api.get<GamesList>('/ops/v1/reports/games', { ...range(p), group, by }, signal),
    placeholderData: keepPreviousData,
  });

export const PLAYERS_PAGE = 25;
export const playersQuery = (p: Period, rank: Rank, page: number) =>
  queryOptions({
    queryKey: ['ops', 'reports', 'players', p, rank, page],
    queryFn: ({ signal }) => api.get<PlayerPage>('/ops/v1/reports/players', { ...range(p), rank, page, pageSize: PLAYERS_PAGE }, signal),
    placeholderData: keepPreviousData,
  });

/** The server's CSV of a list, saved as it comes (its BOM kept: a Blob, not text). */
export async function downloadCsv(path: string, params: Record<string, string | number>): Promise<string> {
  const res = await api.raw('GET', path, { params: { ...params, format: 'csv' } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'report.csv';
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
