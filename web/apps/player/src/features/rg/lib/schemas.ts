// The limit forms' zod schemas (react-hook-form's resolver): the rules of
// rules.ts as issues whose message is a key of rg:form.*. zod/mini keeps the
// page's chunk small.
import * as z from 'zod/mini';
import { parseLimitAmount, SESSION_MINUTES_MAX, SESSION_MINUTES_MIN, type AmountIssue, type MinutesIssue } from './rules';

type Payload = { issues: unknown[]; value: unknown };
function fail(ctx: Payload, input: string, message: AmountIssue | MinutesIssue): number {
  ctx.issues.push({ code: 'custom', message, input });
  return 0;
}

/**
 * The money limit form: a positive amount with at most the currency's decimals,
 * at most the brand maximum and, when the operator imposed one, at most that.
 * The parsed value is integer minor units.
 */
export function moneyLimitSchema(opts: { decimals: number; max: number; operatorMax?: number | null }) {
  return z.object({
    amount: z.pipe(
      z.string(),
      z.transform((text: string, ctx) => {
        const p = parseLimitAmount(text, opts.decimals);
        if ('issue' in p) return fail(ctx, text, p.issue);
        if (opts.max > 0 && p.minor > BigInt(opts.max)) return fail(ctx, text, 'aboveMax');
        if (opts.operatorMax != null && p.minor > BigInt(opts.operatorMax)) return fail(ctx, text, 'aboveOperator');
        return Number(p.minor);
      }),
    ),
  });
}

/** The session time limit form: whole minutes, 5 to 1440 (and at most an operator's). */
export function sessionLimitSchema(opts: { operatorMax?: number | null } = {}) {
  return z.object({
    amount: z.pipe(
      z.string(),
      z.transform((text: string, ctx) => {
        const s = text.trim();
        if (s === '') return fail(ctx, text, 'required');
        if (!/^\d{1,5}$/.test(s)) return fail(ctx, text, 'whole');
        const n = Number(s);
        if (n < SESSION_MINUTES_MIN || n > SESSION_MINUTES_MAX) return fail(ctx, text, 'minutesRange');
        if (opts.operatorMax != null && n > opts.operatorMax) return fail(ctx, text, 'aboveOperator');
        return n;
      }),
    ),
  });
}
