// The forms' rules and the pure helpers of the agents screens. The offer's
// rules are the server's (internal/commission checkTiers, checkRates): 1 to
// 10 tiers; thresholds never below the previous tier's and not all equal to
// them; each rate above the previous one, 0.01 % to 100 %; a net-loss
// threshold only on a dividend; real-time rates 0 to 100 %, not all zero.
// Amounts typed in major units become minor units and percentages basis
// points, without floats.
import { csvNumber, toCsv } from '@palaro/api/src/csv';
import { z } from '@/lib/zod';
import { formatDateTime } from '@/lib/format';
import type { Bill, ContractType, Offer, Tier } from './commission';

export const MAX_TIERS = 10;
export const REASON_MAX = 200;
export const USERNAME_MAX = 64;
const length = (s: string) => [...s.trim()].length;

/** "12.5" -> 1250 basis points; undefined when not a percentage with at most 2 decimals. */
export function percentToBp(v: string): number | undefined {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
}

/** 1250 basis points -> "12.5%", 50 -> "0.5%", 2000 -> "20%" (integer arithmetic). */
export function formatRate(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(Math.abs(bp % 100)).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}%`;
}

/** "1,000.50" -> 100050 minor units (decimals 2); undefined when not a non-negative amount. */
export function amountToMinor(v: string, decimals: number): number | undefined {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(v.replace(/[\s,]/g, ''));
  if (!m) return undefined;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return undefined;
  const minor = BigInt(m[1]) * 10n ** BigInt(decimals) + (decimals > 0 ? BigInt(frac.padEnd(decimals, '0') || '0') : 0n);
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(minor);
}

/** 100050 (2 decimals) -> "1000.50": a plain number for a CSV cell (no grouping). */
export function minorPlain(minor: number, decimals: number): string {
  let v = BigInt(Math.trunc(minor));
  const negative = v < 0n;
  if (negative) v = -v;
  const base = 10n ** BigInt(decimals);
  const frac = decimals > 0 ? '.' + (v % base).toString().padStart(decimals, '0') : '';
  return (negative ? '-' : '') + (v / base).toString() + frac;
}

export type TierInput = { validBets: string; netLoss: string; activeMembers: string; rate: string };
export type OfferInput = { agent: string; type: ContractType; period: string; tiers: TierInput[]; winRate: string; lossRate: string; betRate: string };
export const emptyTier: TierInput = { validBets: '', netLoss: '', activeMembers: '', rate: '' };

const count = (v: string) => (/^\d{1,7}$/.test(v.trim()) ? Number(v.trim()) : undefined);

export function toTiers(input: TierInput[], type: ContractType, decimals: number): (Tier | undefined)[] {
  return input.map((x) => {
    const validBets = amountToMinor(x.validBets, decimals);
    const netLoss = type === 'dividend' ? amountToMinor(x.netLoss, decimals) : 0;
    const activeMembers = count(x.activeMembers);
    const rate = percentToBp(x.rate);
    if (validBets === undefined || netLoss === undefined || activeMembers === undefined || rate === undefined) return undefined;
    return { validBets, netLoss, activeMembers, rate };
  });
}

/** The offer form; messages are keys under validation. of the namespace. */
export function offerSchema(decimals: number) {
  return z
    .object({
      agent: z.string(),
      type: z.enum(['dividend', 'daily_wage', 'hourly_wage', 'realtime']),
      period: z.string(),
      tiers: z.array(z.object({ validBets: z.string(), netLoss: z.string(), activeMembers: z.string(), rate: z.string() })),
      winRate: z.string(),
      lossRate: z.string(),
      betRate: z.string(),
    })
    .superRefine((v, ctx) => {
      if (length(v.agent) < 1 || length(v.agent) > USERNAME_MAX) ctx.addIssue({ code: 'custom', path: ['agent'], message: 'agent' });
      if (v.type === 'dividend' && !['daily', 'weekly', 'semimonthly', 'monthly'].includes(v.period)) ctx.addIssue({ code: 'custom', path: ['period'], message: 'period' });
      if (v.type === 'realtime') {
        const rates = (['winRate', 'lossRate', 'betRate'] as const).map((k) => {
          const bp = percentToBp(v[k] || '0');
          if (bp === undefined || bp > 10_000) ctx.addIssue({ code: 'custom', path: [k], message: 'rateInvalid' });
          return bp ?? 0;
        });
        if (rates.every((r) => r === 0)) ctx.addIssue({ code: 'custom', path: ['winRate'], message: 'ratesAllZero' });
        return;
      }
      if (v.tiers.length === 0 || v.tiers.length > MAX_TIERS) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'tiersCount' });
      const tiers = toTiers(v.tiers, v.type, decimals);
      tiers.forEach((tier, i) => {
        const raw = v.tiers[i];
        if (amountToMinor(raw.validBets, decimals) === undefined) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'validBets'], message: 'amountInvalid' });
        if (v.type === 'dividend' && amountToMinor(raw.netLoss, decimals) === undefined) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'netLoss'], message: 'amountInvalid' });
        if (count(raw.activeMembers) === undefined) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'activeMembers'], message: 'countInvalid' });
        const bp = percentToBp(raw.rate);
        if (bp === undefined || bp < 1 || bp > 10_000) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'rate'], message: 'rateInvalid' });
        const prev = i > 0 ? tiers[i - 1] : undefined;
        if (!tier || !prev) return;
        const below = tier.validBets < prev.validBets || tier.netLoss < prev.netLoss || tier.activeMembers < prev.activeMembers;
        const same = tier.validBets === prev.validBets && tier.netLoss === prev.netLoss && tier.activeMembers === prev.activeMembers;
        if (below || same) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'validBets'], message: 'tiersOrder' });
        if (tier.rate <= prev.rate) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'rate'], message: 'tiersRate' });
      });
    });
}

/** The request body of a valid offer form (the agent is looked up by name). */
export function toOffer(v: OfferInput, decimals: number): Omit<Offer, 'downlineId'> {
  if (v.type === 'realtime') {
    return { type: v.type, realtime: { winRate: percentToBp(v.winRate || '0')!, lossRate: percentToBp(v.lossRate || '0')!, betRate: percentToBp(v.betRate || '0')! } };
  }
  return { type: v.type, period: v.type === 'dividend' ? v.period : undefined, tiers: toTiers(v.tiers, v.type, decimals) as Tier[] };
}

/** The move: a new upline's username unless the member is detached, and a reason (1..200). */
export const moveSchema = z
  .object({ parentAccount: z.string(), detach: z.boolean(), reason: z.string() })
  .superRefine((v, ctx) => {
    if (!v.detach && (length(v.parentAccount) < 1 || length(v.parentAccount) > USERNAME_MAX)) ctx.addIssue({ code: 'custom', path: ['parentAccount'], message: 'upline' });
    if (length(v.reason) < 1 || length(v.reason) > REASON_MAX) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reason' });
  });
export type MoveForm = z.infer<typeof moveSchema>;

/** A bill's rejection: a reason of 1..200 characters (the server's bound). */
export const rejectSchema = z.object({
  reason: z.string().refine((s) => length(s) >= 1 && length(s) <= REASON_MAX, 'reason'),
});
export type RejectForm = z.infer<typeof rejectSchema>;

/** The bills as a CSV file: amounts as plain decimals, times in the operator's zone. */
export function billsCsv(rows: Bill[], header: string[], decimals: number, word: { platform: string; type: (t: string) => string; status: (s: string) => string }): string {
  return toCsv(
    header,
    rows.map((b) => [
      b.id,
      b.contractId,
      word.type(b.type),
      formatDateTime(b.periodStart),
      formatDateTime(b.periodEnd),
      b.payerId ? b.payerAccount : word.platform,
      b.payeeAccount,
      csvNumber(minorPlain(b.inputs.validBets, decimals)),
      csvNumber(minorPlain(b.inputs.netLoss, decimals)),
      b.inputs.activeMembers,
      b.inputs.tier || '',
      b.type === 'realtime' ? '' : formatRate(b.inputs.rate),
      csvNumber(minorPlain(b.amount, decimals)),
      csvNumber(minorPlain(b.paid, decimals)),
      word.status(b.status),
      b.currency,
    ]),
  );
}

/** The longest bill period filter the server takes, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;
const dayNumber = (d: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  // 2026-02-31 is not a day.
  if (back.getUTCMonth() !== Number(m[2]) - 1 || back.getUTCDate() !== Number(m[3])) return undefined;
  return ms / 86_400_000;
};

/** The bills' filters: the period's start days from/to, both or neither, in order, at most 366 days. */
export const billFilterSchema = z
  .object({ agent: z.string(), type: z.string(), status: z.string(), from: z.string(), to: z.string() })
  .superRefine((v, ctx) => {
    if (length(v.agent) > USERNAME_MAX) ctx.addIssue({ code: 'custom', path: ['agent'], message: 'agent' });
    if (!v.from && !v.to) return;
    const a = dayNumber(v.from);
    const b = dayNumber(v.to);
    if (a === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'day' });
    if (b === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'day' });
    if (a !== undefined && b !== undefined && (b < a || b - a + 1 > MAX_RANGE_DAYS)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range' });
  });
