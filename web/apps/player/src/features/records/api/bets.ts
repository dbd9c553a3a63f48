// The betting record (personalHistoryCopy): the member's game rounds in a
// date range, filtered by category and status, paged, with the sums of the
// whole filter (GET /wps/records/bets).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const ROUND_STATUSES = ['COMPLETED', 'OPEN', 'CANCELLED'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** The categories a round can belong to (the catalogue's game types, spec section 3). */
export const GAME_TYPES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'BGS', 'COCKFIGHT'] as const;

/** Minor units; profit is win minus valid bet (the member's side). */
export type Sums = { bet: number; validBet: number; win: number; profit: number; rounds?: number };

export type BetRow = {
  roundId: string;
  vendor: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  bet: number;
  validBet: number;
  win: number;
  profit: number;
  status: string;
  /** Unix ms. */
  startedAt: number;
  endedAt?: number;
};

export type BetPage = {
  list: BetRow[];
  total: number;
  page: number;
  pageSize: number;
  sums: Sums;
  from?: string;
  to?: string;
  /** The brand's time zone the dates are read in. */
  timezone?: string;
};

export type BetFilter = { from: string; to: string; gameType: string; status: RoundStatus | ''; page: number; pageSize: number };

export const PAGE_SIZE = 20;

export const betsQuery = (token: string | undefined, f: BetFilter) =>
  queryOptions({
    queryKey: ['records', 'bets', token ?? '', f] as const,
    queryFn: ({ signal }) =>
      apiGet<BetPage>(
        '/wps/records/bets',
        { from: f.from, to: f.to, gameType: f.gameType || undefined, status: f.status || undefined, page: f.page, pageSize: f.pageSize },
        signal,
      ),
    enabled: !!token,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
