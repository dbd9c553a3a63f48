// The referral program in the console (docs/rewards-api.md "Referral"): the
// rule and its switch, the rewards held for review (welcome bonuses and
// referral rewards of linked members) and a member's referrals.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { z } from '@/lib/zod';

export type Rule = { amount: number; minFirstDeposit: number; minValidBets: number; windowDays: number; claimDays: number };
export type RuleView = { enabled: boolean; rule: Rule; currency: string; decimals: number };
export type RuleBody = { enabled: boolean; amount: string; minFirstDeposit: string; minValidBets: string; windowDays: number; claimDays: number; reason: string };

export const HOLD_STATUSES = ['HELD', 'APPROVED', 'REJECTED', 'ALL'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
export type Hold = {
  id: number;
  key: string;
  memberId: number;
  account: string;
  source: string;
  title: string;
  amount: number;
  currency: string;
  kind: 'CASH' | 'BONUS';
  flags: string[];
  linked: number[];
  status: Exclude<HoldStatus, 'ALL'>;
  heldAt: number;
  decidedBy: number;
  decidedAt: number;
  reason: string;
};
export type Holds = { items: Hold[]; total: number; page: number; pageSize: number; decimals: number };

export type Friend = {
  memberId: number;
  account: string;
  registeredAt: number;
  windowEnds: number;
  firstDeposit: number;
  validBets: number;
  amount: number;
  status: string;
  flags?: string[];
};
export type MemberReferrals = {
  referredBy: number;
  code: string;
  friends: Friend[] | null;
  totals: { invited: number; qualified: number; earned: number; waiting: number; held: number };
  decimals: number;
};

export const HOLDS_PAGE = 20;

export const ruleQuery = () => queryOptions({ queryKey: ['ops', 'referral', 'rule'], queryFn: ({ signal }) => api.get<RuleView>('/ops/v1/referral/rule', undefined, signal) });

export const holdsQuery = (status: HoldStatus, page: number) =>
  queryOptions({
    queryKey: ['ops', 'referral', 'holds', status, page],
    queryFn: ({ signal }) => api.get<Holds>('/ops/v1/rewards/holds', { status, page, pageSize: HOLDS_PAGE }, signal),
    placeholderData: keepPreviousData,
  });

export const memberReferralsQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'referral', 'member', id],
    queryFn: ({ signal }) => api.get<MemberReferrals>(`/ops/v1/players/${id}/referrals`, undefined, signal),
    enabled: id > 0,
  });

export const saveRule = (body: RuleBody) => api.request<RuleView>('PUT', '/ops/v1/referral/rule', { body });
export const approveHold = (id: number, reason: string) => api.post<{ hold: Hold }>(`/ops/v1/rewards/holds/${id}/approve`, { reason });
export const rejectHold = (id: number, reason: string) => api.post<{ hold: Hold }>(`/ops/v1/rewards/holds/${id}/reject`, { reason });

/** Days the rule's window and claim may span (brand.MaxReferralDays). */
export const MAX_DAYS = 365;

const money = (decimals: number, allowZero: boolean) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d+)?$/, 'v.amountFormat')
    .refine((s) => (s.split('.')[1] ?? '').length <= decimals, 'v.amountDecimals')
    .refine((s) => allowZero || /[1-9]/.test(s), 'v.amountPositive');
const days = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, 'v.days')
  .refine((s) => Number(s) >= 1 && Number(s) <= MAX_DAYS, 'v.days');

export const ruleSchema = (decimals: number) =>
  z.object({
    enabled: z.boolean(),
    amount: money(decimals, false),
    minFirstDeposit: money(decimals, true),
    minValidBets: money(decimals, true),
    windowDays: days,
    claimDays: days,
    reason: z.string().trim().max(200, 'v.reason'),
  });
export type RuleForm = z.infer<ReturnType<typeof ruleSchema>>;

export const reasonSchema = z.object({ reason: z.string().trim().min(3, 'v.reason').max(200, 'v.reason') });
