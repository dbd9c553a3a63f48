// The forms' rules, the same as the server's (docs/operator-api.md): messages
// are keys of the console-players namespace.
import { z } from '@/lib/zod';
import { SEARCH_KEYS } from './players';

export const REASON_MIN = 3;
export const REASON_MAX = 200;
export const NOTE_MAX = 2000;
export const SEARCH_MAX = 64;

/** An action's reason: 3..200 characters after trimming (operator.invalid_reason). */
export const reasonField = z.string().trim().min(REASON_MIN, 'v.reason').max(REASON_MAX, 'v.reason');

const shapes: Record<string, RegExp> = {
  id: /^\d{1,18}$/,
  mobile: /^\+?[\d\s-]{4,24}$/,
  ip: /^[0-9A-Fa-f:.]{2,45}$/,
};

export const searchSchema = z
  .object({ by: z.enum(SEARCH_KEYS), q: z.string().trim().min(1, 'v.queryRequired').max(SEARCH_MAX, 'v.queryTooLong') })
  .refine((v) => !shapes[v.by] || shapes[v.by].test(v.q), { path: ['q'], message: 'v.queryShape' });
export type SearchForm = z.infer<typeof searchSchema>;

/**
 * An amount typed in major units: digits, at most `decimals` places, above
 * zero (money.invalid_amount, money.too_many_decimals, money.not_positive).
 */
export function amountField(decimals: number) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d+)?$/, 'v.amountFormat')
    .refine((s) => (s.split('.')[1] ?? '').length <= decimals, 'v.amountDecimals')
    .refine((s) => /[1-9]/.test(s), 'v.amountPositive');
}

export const adjustSchema = (decimals: number) => z.object({ direction: z.enum(['CREDIT', 'DEBIT']), amount: amountField(decimals), reason: reasonField });
export type AdjustForm = z.infer<ReturnType<typeof adjustSchema>>;

export const noteSchema = z.object({ text: z.string().trim().min(1, 'v.note').max(NOTE_MAX, 'v.note') });

/** rg.invalid_reason: 1..200 characters. */
const rgReason = z.string().trim().min(1, 'v.rgReason').max(REASON_MAX, 'v.rgReason');

/** An imposed limit: money in major units or SESSION minutes 5..1440; empty lifts it. */
export const limitSchema = (decimals: number) =>
  z
    .object({ kind: z.string().regex(/^(DEPOSIT|LOSS|WAGER):(DAY|WEEK|MONTH)$|^SESSION:SESSION$/), amount: z.string().trim(), reason: rgReason })
    .superRefine((v, ctx) => {
      if (v.amount === '') return;
      if (v.kind === 'SESSION:SESSION') {
        const n = Number(v.amount);
        if (!/^\d{1,4}$/.test(v.amount) || n < 5 || n > 1440) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.minutes' });
        return;
      }
      const r = amountField(decimals).safeParse(v.amount);
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: r.error.issues[0]?.message ?? 'v.amountFormat' });
    });

export const blockSchema = z.object({ period: z.string().min(1), reason: rgReason });
export const endExclusionSchema = z.object({ reason: rgReason });

/** Minor units of a checked decimal string (no floats). */
export function toMinor(amount: string, decimals: number): number {
  const [whole, frac = ''] = amount.trim().split('.');
  return Number(BigInt(whole + frac.padEnd(decimals, '0')));
}
