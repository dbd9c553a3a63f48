// The reward centre (docs/rewards-api.md, rewardCenter): rewards issued to the
// member and waiting to be claimed, the claimed and expired ones, the count for
// the red badge, and the claims. Amounts are integer minor units of the
// answer's currency; times are epoch ms.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, getApiLanguage } from '@/lib/api';
import type { Grant } from './bonus';

export const REWARD_SOURCES = ['WELCOME', 'DEPOSIT', 'PROMOTION', 'REBATE', 'VIP', 'MISSION', 'LEADERBOARD', 'REFERRAL', 'POINTS', 'OPERATOR'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];
export type RewardKind = 'CASH' | 'BONUS';
export type RewardStatus = 'ISSUED' | 'CLAIMED' | 'EXPIRED';
export type RewardTab = 'waiting' | 'history';

export type Reward = {
  id: number;
  source: RewardSource | string;
  title: string;
  amount: number;
  kind: RewardKind;
  /** BONUS only: the multiple the requirement was computed with (of the bonus, or of bonus and deposit). */
  wagerMultiple?: number;
  /** BONUS only: the wagering requirement in minor units (when absent: amount × wagerMultiple). */
  wagerRequired?: number;
  /** BONUS only: the largest bet while the bonus is active (0: no limit). */
  maxBet?: number;
  /** BONUS only: days the bonus stays active once claimed. */
  validDays?: number;
  status: RewardStatus;
  issuedAt: number;
  /** Claim by. */
  expiresAt: number;
  claimedAt: number | null;
};

export type RewardPage = { list: Reward[]; total: number; waiting: number; currency: string; decimals: number };
export type RewardSummary = { availablePromoCount: number; availablePromo: { type: string; enabled: boolean }[] };

export const REWARDS_PAGE_SIZE = 20;

/** The root of every rewards query (lists, summary, bonus): what a claim, a cancel or a forfeiting withdrawal refreshes. */
export const REWARDS_QUERY_ROOT = ['rewards'] as const;

export const rewardsQuery = (token: string | undefined, status: RewardTab, pageNo: number) =>
  queryOptions({
    queryKey: [...REWARDS_QUERY_ROOT, 'list', token ?? '', status, pageNo] as const,
    queryFn: ({ signal }) => apiGet<RewardPage>('/wps/rewards', { status, pageNo, pageSize: REWARDS_PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

/** Real members only: trial users are refused (reward.real_only), so they never ask. */
export const rewardSummaryQuery = (token: string | undefined, enabled: boolean) =>
  queryOptions({
    // The language is in the key: vipLabelName answers in it.
    queryKey: [...REWARDS_QUERY_ROOT, 'summary', token ?? '', getApiLanguage()] as const,
    queryFn: ({ signal }) => apiGet<RewardSummary>('/wps/rewards/summary', undefined, signal),
    enabled: !!token && enabled,
    staleTime: 60_000,
  });

export type ClaimResult = { reward: Reward; grant: Grant | null };

export function claimReward(id: number, key: string): Promise<ClaimResult> {
  return apiRequest('POST', `/wps/rewards/${encodeURIComponent(String(id))}/claim`, { headers: { 'Idempotency-Key': key } });
}

export function claimAllRewards(key: string): Promise<{ claimed: number; skipped: number }> {
  return apiRequest('POST', '/wps/rewards/claimAll', { headers: { 'Idempotency-Key': key } });
}
