// The refer-and-earn page's data (docs/rewards-api.md "Referral"): the
// member's code and the path of its link, the rule, the invited friends with
// their status and what they earned. Amounts are integer minor units; times
// epoch ms. Answers referral.disabled (403) while the program is off.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const FRIEND_STATUSES = ['REGISTERED', 'DEPOSITED', 'QUALIFIED', 'REWARDED', 'HELD', 'REJECTED', 'EXPIRED'] as const;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];

export type ReferralRule = { amount: number; minFirstDeposit: number; minValidBets: number; windowDays: number; claimDays: number };

export type Friend = {
  /** Masked username ("ju***88"). */
  account: string;
  registeredAt: number;
  windowEnds: number;
  firstDeposit: number;
  validBets: number;
  minFirstDeposit: number;
  minValidBets: number;
  amount: number;
  status: FriendStatus;
  qualifiedAt: number;
};

export type ReferralTotals = { invited: number; qualified: number; earned: number; waiting: number; held: number };

export type ReferralPage = {
  code: string;
  /** "/register?referralCode=CODE": the page adds its origin. */
  path: string;
  rule: ReferralRule;
  friends: Friend[] | null;
  totals: ReferralTotals;
  currency: string;
  decimals: number;
};

export const referralQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['referral', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<ReferralPage>('/wps/referral', undefined, signal),
    enabled: !!token,
    refetchInterval: 15_000,
  });

/** The full link a friend opens: this site's register page with the code. */
export function referralLink(origin: string, path: string): string {
  return origin.replace(/\/+$/, '') + path;
}
