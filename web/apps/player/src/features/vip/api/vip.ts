// The VIP club and bonus bets (docs/rewards-api.md "VIP and bonus bets").
// Amounts are integer minor units of the answer's currency; rates are basis
// points; times are epoch ms.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export type VipLevel = {
  level: number;
  name: string;
  minValidBets: number;
  minDeposits: number;
  keepValidBets: number;
  upgradeReward: number;
  weeklyReward: number;
  monthlyReward: number;
  rates: Record<string, number>;
};

export type VipReward = { id: number; source: string; title: string; amount: number; status: 'ISSUED' | 'CLAIMED' | 'EXPIRED'; issuedAt: number; expiresAt: number };

export type VipPage = {
  hasVip: boolean;
  level: number;
  name: string;
  validBets: number;
  deposits: number;
  next: { level: number; name: string; validBetsToGo: number; depositsToGo: number; minValidBets: number; minDeposits: number; progressPermil: number } | null;
  keepValidBets: number;
  monthBets: number;
  levels: VipLevel[];
  history: VipReward[];
  currency: string;
  decimals: number;
};

export type CategoryLine = { category: string; validBets: number; rate: number; amount: number };
export type BonusBetsState = {
  current: { level: number; validBets: number; amount: number; minimum: number; claimable: boolean; lines: CategoryLine[] };
  claims: { id: number; level: number; validBets: number; amount: number; lines: CategoryLine[]; claimedAt: number }[];
  currency: string;
  decimals: number;
};

export const VIP_QUERY_ROOT = ['vip'] as const;

/** lang: the page names the levels in the member's language (the key reloads it when that changes). */
export const vipQuery = (token: string | undefined, lang: string) =>
  queryOptions({
    queryKey: [...VIP_QUERY_ROOT, 'page', token ?? '', lang] as const,
    queryFn: ({ signal }) => apiGet<VipPage>('/wps/vip', undefined, signal),
    enabled: !!token,
  });

export const bonusBetsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...VIP_QUERY_ROOT, 'bonusBets', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<BonusBetsState>('/wps/vip/bonusBets', undefined, signal),
    enabled: !!token,
  });

export function claimBonusBets(key: string): Promise<{ claim: { id: number; amount: number; paid?: boolean } }> {
  return apiRequest('POST', '/wps/vip/bonusBets/claim', { headers: { 'Idempotency-Key': key } });
}

/** A rate in basis points as a percentage: 40 -> "0.40%". */
export function formatRate(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}
