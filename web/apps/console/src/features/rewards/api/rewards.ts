// A player's rewards and bonus, an operator's reward, forfeiting a bonus and
// the bonus cost report (docs/operator-api.md, "Rewards and bonuses"); the
// brand's welcome and rebate terms live in the brand document.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type Reward = {
  id: number;
  source: string;
  title: string;
  titleEN: string;
  titleTY: string;
  amount: number;
  kind: 'CASH' | 'BONUS';
  wagerMultiple: number;
  wagerRequired: number;
  maxBet: number;
  validDays: number;
  status: 'ISSUED' | 'CLAIMED' | 'EXPIRED';
  issuedAt: number;
  expiresAt: number;
  claimedAt: number | null;
  grantId: number;
};

export type Grant = {
  id: number;
  source: string;
  title: string;
  amount: number;
  balance: number;
  wagerRequired: number;
  wagered: number;
  maxBet: number;
  maxConvert: number;
  status: string;
  reason?: string;
  convertedAmount: number;
  forfeitedAmount: number;
  createdAt: number;
  expiresAt: number;
  endedAt: number | null;
};

export type PlayerRewards = {
  rewards: { items: Reward[]; total: number; page: number; pageSize: number };
  waiting: number;
  active: Grant | null;
  balance: number;
  history: Grant[];
  currency: string;
  decimals: number;
};

export type Cost = {
  source: string;
  issued: number;
  issuedAmount: number;
  claimed: number;
  claimedAmount: number;
  claimedCash: number;
  granted: number;
  grantedAmount: number;
  ended: number;
  converted: number;
  forfeited: number;
  cost: number;
};
export type Costs = { from: string; to: string; timezone: string; currency: string; decimals: number; rows: Cost[]; total: Cost };

export type IssueBody = {
  kind: 'CASH' | 'BONUS';
  amount: string;
  titleEN: string;
  titleTY: string;
  claimDays: number;
  wagerMultiple: number;
  maxBet: string;
  validDays: number;
  reason: string;
};

export const PAGE_SIZE = 10;
const playerKey = (id: number) => ['ops', 'rewards', 'player', id] as const;
export const playerRewardsKey = playerKey;

export const playerRewardsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...playerKey(id), page],
    queryFn: ({ signal }) => api.get<PlayerRewards>(`/ops/v1/players/${id}/rewards`, { page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** The player's VIP standing (GET /ops/v1/players/{id}/vip): off when the brand runs no club. */
export type PlayerVip =
  | { enabled: false }
  | { enabled: true; level: number; name: string; validBets: number; deposits: number; levelSince: number };

export const playerVipQuery = (id: number) =>
  queryOptions({
    queryKey: [...playerKey(id), 'vip'],
    queryFn: ({ signal }) => api.get<PlayerVip>(`/ops/v1/players/${id}/vip`, undefined, signal),
  });

export const costsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['ops', 'rewards', 'costs', from, to],
    queryFn: ({ signal }) => api.get<Costs>('/ops/v1/rewards/costs', { from, to }, signal),
  });

/** POST …/rewards with the submission's Idempotency-Key (a retry of the same body reuses it). */
export const issueReward = (id: number, body: IssueBody, key: string) =>
  api.post<{ reward: Reward; replayed: boolean }>(`/ops/v1/players/${id}/rewards`, body, { idempotencyKey: key });

export const forfeitBonus = (id: number, reason: string) => api.post<{ grant: Grant }>(`/ops/v1/players/${id}/bonus/forfeit`, { reason });
