// The bonus balance (docs/rewards-api.md, bonusDetails): the active grant with
// its wagering progress and terms, the ended grants, and cancelling the active
// one (its bonus balance is lost; real money stays).
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { REWARDS_QUERY_ROOT } from './rewards';

export type GrantStatus = 'ACTIVE' | 'CONVERTED' | 'FORFEITED' | 'EXPIRED';
export type ForfeitReason = 'CANCELLED' | 'WITHDRAWAL' | 'SELF_EXCLUSION' | 'OPERATOR';

export type Grant = {
  id: number;
  title: string;
  amount: number;
  /** The bonus balance now (ACTIVE only). */
  balance: number;
  wagerRequired: number;
  wagered: number;
  /** 0: no limit. */
  maxBet: number;
  /** 0: no cap. */
  maxConvert: number;
  /** Contribution per game category in basis points; a category not listed contributes nothing. */
  weights: Record<string, number>;
  status: GrantStatus;
  reason?: ForfeitReason | string | null;
  convertedAmount: number;
  forfeitedAmount: number;
  createdAt: number;
  expiresAt: number;
  endedAt: number | null;
};

export type BonusState = { active: Grant | null; history: Grant[]; balance: number; currency: string; decimals: number };

export const bonusQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...REWARDS_QUERY_ROOT, 'bonus', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<BonusState>('/wps/bonus', undefined, signal),
    enabled: !!token,
  });

export function cancelBonus(key: string): Promise<{ grant: Grant }> {
  return apiRequest('POST', '/wps/bonus/cancel', { headers: { 'Idempotency-Key': key } });
}
