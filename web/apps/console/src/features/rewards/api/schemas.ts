// The forms' rules, the same as the server's (internal/rewards/ops.go and
// internal/brand/rewards.go): messages are keys of console-rewards. Form
// values are the strings typed; toIssueBody and fromTerms turn them into
// what the server stores.
import { formatMinor, parseMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';
import type { IssueBody } from './rewards';

export const TITLE_MAX = 80;
export const CLAIM_DAYS_MAX = 90;
export const VALID_DAYS_MAX = 365;
export const WAGER_MAX = 100;
export const REASON_MIN = 3;
export const REASON_MAX = 200;

export const reasonField = z.string().trim().min(REASON_MIN, 'v.reason').max(REASON_MAX, 'v.reason');

const intIn = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, message)
    .refine((s) => Number(s) >= min && Number(s) <= max, message);

/** An amount in major units: digits, at most `decimals` places; positive unless zero is allowed. */
export function moneyField(decimals: number, allowZero = false) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d+)?$/, 'v.amountFormat')
    .refine((s) => (s.split('.')[1] ?? '').length <= decimals, 'v.amountDecimals')
    .refine((s) => allowZero || /[1-9]/.test(s), 'v.amountPositive');
}

export const issueSchema = (decimals: number) =>
  z
    .object({
      kind: z.enum(['CASH', 'BONUS']),
      amount: moneyField(decimals),
      titleEN: z.string().trim().min(1, 'v.title').max(TITLE_MAX, 'v.title'),
      titleTY: z.string().trim().max(TITLE_MAX, 'v.title'),
      claimDays: intIn(1, CLAIM_DAYS_MAX, 'v.claimDays'),
      wagerMultiple: z.string(),
      maxBet: z.string(),
      validDays: z.string(),
      reason: reasonField,
    })
    .superRefine((v, ctx) => {
      if (v.kind !== 'BONUS') return;
      const check = (path: 'wagerMultiple' | 'maxBet' | 'validDays', schema: z.ZodType) => {
        const r = schema.safeParse(v[path]);
        if (!r.success) ctx.addIssue({ code: 'custom', path: [path], message: r.error.issues[0].message });
      };
      check('wagerMultiple', intIn(0, WAGER_MAX, 'v.wager'));
      check('maxBet', moneyField(decimals, true));
      check('validDays', intIn(1, VALID_DAYS_MAX, 'v.validDays'));
    });
export type IssueForm = z.infer<ReturnType<typeof issueSchema>>;

export const issueDefaults: IssueForm = { kind: 'CASH', amount: '', titleEN: '', titleTY: '', claimDays: '7', wagerMultiple: '10', maxBet: '0', validDays: '7', reason: '' };

export function toIssueBody(v: IssueForm): IssueBody {
  const bonus = v.kind === 'BONUS';
  return {
    kind: v.kind,
    amount: v.amount.trim(),
    titleEN: v.titleEN.trim(),
    titleTY: v.titleTY.trim(),
    claimDays: Number(v.claimDays),
    wagerMultiple: bonus ? Number(v.wagerMultiple) : 0,
    maxBet: bonus ? v.maxBet.trim() || '0' : '0',
    validDays: bonus ? Number(v.validDays) : 0,
    reason: v.reason.trim(),
  };
}

// ---- the brand's reward terms (brand document, section `rewards`) ----

export type Welcome = {
  percent: number;
  cap: number;
  minDeposit: number;
  wagerMultiple: number;
  wagerWithDeposit: boolean;
  maxBet: number;
  maxConvert?: number;
  claimDays: number;
  validDays: number;
  weights: Record<string, number> | null;
  startsAt: number;
};
export type Rebate = { rates: Record<string, number> | null; at: string; minAmount: number; claimDays: number; startsAt: number };
export type RewardTerms = { welcome: Welcome; rebate: Rebate };

/** Game categories the terms name (the game wallet's types); others in the document are kept and shown too. */
export const CATEGORIES = ['RNG', 'FISH', 'LIVE', 'SPORTS', 'BGS', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;

/** Basis points as a percentage a person reads: 1250 -> "12.5", 10000 -> "100". */
export function bpToPercent(bp: number): string {
  return formatMinor(bp, 2).replace(/,/g, '').replace(/\.?0+$/, '');
}
/** A percentage typed ("1.2") as basis points (120), or undefined. */
export function percentToBp(s: string): number | undefined {
  const v = parseMinor(s, 2);
  return v === undefined || v < 0n ? undefined : Number(v);
}
const minorToText = (v: number, decimals: number) => formatMinor(v, decimals).replace(/,/g, '');
const textToMinor = (s: string, decimals: number) => Number(parseMinor(s, decimals) ?? 0n);

const percentBp = (maxBp: number, message: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(s) && (percentToBp(s) ?? Infinity) <= maxBp), message);

export const termsSchema = (decimals: number) =>
  z
    .object({
      welcomePercent: intIn(0, 1000, 'v.percent'),
      welcomeCap: moneyField(decimals, true),
      welcomeMinDeposit: moneyField(decimals, true),
      welcomeWagerMultiple: intIn(0, WAGER_MAX, 'v.wager'),
      welcomeWagerWithDeposit: z.boolean(),
      welcomeMaxBet: moneyField(decimals, true),
      welcomeMaxConvert: moneyField(decimals, true),
      welcomeClaimDays: z.string(),
      welcomeValidDays: z.string(),
      weights: z.record(z.string(), percentBp(10000, 'v.weight')),
      rebateRates: z.record(z.string(), percentBp(1000, 'v.rate')),
      rebateAt: z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'v.at'),
      rebateMinAmount: moneyField(decimals, true),
      rebateClaimDays: z.string(),
    })
    .superRefine((v, ctx) => {
      const days = (path: 'welcomeClaimDays' | 'welcomeValidDays' | 'rebateClaimDays') => {
        const r = intIn(1, 365, 'v.termDays').safeParse(v[path]);
        if (!r.success) ctx.addIssue({ code: 'custom', path: [path], message: 'v.termDays' });
      };
      if (v.welcomePercent.trim() !== '0') {
        if (!/[1-9]/.test(v.welcomeCap)) ctx.addIssue({ code: 'custom', path: ['welcomeCap'], message: 'v.amountPositive' });
        days('welcomeClaimDays');
        days('welcomeValidDays');
      }
      if (Object.values(v.rebateRates).some((r) => r.trim() !== '')) days('rebateClaimDays');
    });
export type TermsForm = z.infer<ReturnType<typeof termsSchema>>;

/** The categories a terms form shows: the usual ones and any the document names. */
export function categoriesOf(t: RewardTerms): string[] {
  const extra = [...Object.keys(t.welcome.weights ?? {}), ...Object.keys(t.rebate.rates ?? {})].filter((c) => !(CATEGORIES as readonly string[]).includes(c));
  return [...CATEGORIES, ...new Set(extra)];
}

export function toTermsForm(t: RewardTerms, decimals: number): TermsForm {
  const w = t.welcome;
  const r = t.rebate;
  const cats = categoriesOf(t);
  return {
    welcomePercent: String(w.percent ?? 0),
    welcomeCap: minorToText(w.cap ?? 0, decimals),
    welcomeMinDeposit: minorToText(w.minDeposit ?? 0, decimals),
    welcomeWagerMultiple: String(w.wagerMultiple ?? 0),
    welcomeWagerWithDeposit: !!w.wagerWithDeposit,
    welcomeMaxBet: minorToText(w.maxBet ?? 0, decimals),
    welcomeMaxConvert: minorToText(w.maxConvert ?? 0, decimals),
    welcomeClaimDays: String(w.claimDays ?? 0),
    welcomeValidDays: String(w.validDays ?? 0),
    weights: Object.fromEntries(cats.map((c) => [c, w.weights?.[c] !== undefined ? bpToPercent(w.weights[c]) : ''])),
    rebateRates: Object.fromEntries(cats.map((c) => [c, r.rates?.[c] !== undefined ? bpToPercent(r.rates[c]) : ''])),
    rebateAt: r.at || '05:00',
    rebateMinAmount: minorToText(r.minAmount ?? 0, decimals),
    rebateClaimDays: String(r.claimDays ?? 0),
  };
}

/** The form back as the brand stores it; a category left empty is not listed (it counts nothing, pays nothing). */
export function fromTermsForm(v: TermsForm, before: RewardTerms, decimals: number): RewardTerms {
  const bps = (m: Record<string, string>) => {
    const out: Record<string, number> = {};
    for (const [c, s] of Object.entries(m)) if (s.trim() !== '') out[c] = percentToBp(s) ?? 0;
    return out;
  };
  const rates = bps(v.rebateRates);
  return {
    welcome: {
      ...before.welcome,
      percent: Number(v.welcomePercent),
      cap: textToMinor(v.welcomeCap, decimals),
      minDeposit: textToMinor(v.welcomeMinDeposit, decimals),
      wagerMultiple: Number(v.welcomeWagerMultiple),
      wagerWithDeposit: v.welcomeWagerWithDeposit,
      maxBet: textToMinor(v.welcomeMaxBet, decimals),
      maxConvert: textToMinor(v.welcomeMaxConvert, decimals),
      claimDays: Number(v.welcomeClaimDays) || 0,
      validDays: Number(v.welcomeValidDays) || 0,
      weights: bps(v.weights),
    },
    rebate: {
      ...before.rebate,
      rates,
      at: v.rebateAt.trim(),
      minAmount: textToMinor(v.rebateMinAmount, decimals),
      claimDays: Number(v.rebateClaimDays) || 0,
    },
  };
}
