// Missions and leaderboards (docs/rewards-api.md "Missions and leaderboards",
// missionLeaderboard): the member's missions of the current day or week with
// their progress, the summary (the red badge) and the live leaderboards with
// the member's own place. Amounts are integer minor units; times epoch ms.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export type MissionPeriod = 'daily' | 'weekly';
export type MissionKind = 'BET' | 'ROUNDS' | 'DEPOSIT' | 'LOGIN';

export type Mission = {
  id: number;
  title: string;
  period: 'DAILY' | 'WEEKLY';
  kind: MissionKind;
  category: string;
  game: string;
  /** Minor units for BET and DEPOSIT; a count of rounds or login days otherwise. */
  target: number;
  progress: number;
  done: boolean;
  completedAt: number;
  rewardAmount: number;
  rewardKind: 'CASH' | 'BONUS';
  periodKey: string;
  periodEnd: number;
};

export type MissionList = { list: Mission[]; currency: string; decimals: number };

export type MissionSummary = {
  /** The red badge: mission rewards and leaderboard prizes waiting in the reward centre. */
  count: number;
  dailyDone: number;
  dailyTotal: number;
  weeklyDone: number;
  weeklyTotal: number;
  boards: number;
  now: number;
};

export type BoardEntry = { rank: number; name: string; score: number; prize: number; me?: boolean };

export type Board = {
  id: number;
  title: string;
  period: 'DAILY' | 'WEEKLY';
  metric: 'MULTIPLIER' | 'VALID_BET';
  category: string;
  minBet: number;
  prizes: number[];
  pool: number;
  periodKey: string;
  periodStart: number;
  periodEnd: number;
  participants: number;
  entries: BoardEntry[];
  me: BoardEntry | null;
  paid: boolean;
};

export type BoardList = { boards: Board[]; currency: string; decimals: number };

export const MISSIONS_QUERY_ROOT = ['missions'] as const;

export const missionsQuery = (token: string | undefined, period: MissionPeriod) =>
  queryOptions({
    queryKey: [...MISSIONS_QUERY_ROOT, 'list', token ?? '', period] as const,
    queryFn: ({ signal }) => apiGet<MissionList>('/wps/missions', { period }, signal),
    enabled: !!token,
  });

/** Real members only: trial users are refused (reward.real_only), so they never ask. */
export const missionSummaryQuery = (token: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: [...MISSIONS_QUERY_ROOT, 'summary', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<MissionSummary>('/wps/missions/summary', undefined, signal),
    enabled: !!token && enabled,
    // A claim in the reward centre lowers it: short, so coming back shows it.
    staleTime: 10_000,
  });

export const leaderboardQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...MISSIONS_QUERY_ROOT, 'leaderboard', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<BoardList>('/wps/missions/leaderboard', { limit: 20 }, signal),
    enabled: !!token,
  });
