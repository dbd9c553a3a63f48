// The contract offer's rules, as the server checks them (internal/commission,
// docs/commission-api.md): 1 to 10 tiers; thresholds never below the previous
// tier's and not all equal to them; each rate above the previous one, 0.01 %
// to 100 %; dividend tiers have a net-loss threshold, wages none; real-time
// rates 0 to 100 %, not all zero. Amounts typed in major units become minor
// units, percentages become basis points, without floats.
import { z } from '@/lib/zod';
import type { ContractType, Offer, Tier } from '@/features/agent/api/commission';

export const MAX_TIERS = 10;
export type TierInput = { validBets: string; netLoss: string; activeMembers: string; rate: string };
export type OfferInput = { type: ContractType; period: string; tiers: TierInput[]; winRate: string; lossRate: string; betRate: string };

/** "12.5" -> 1250 basis points; undefined when not a percentage with at most 2 decimals. */
export function percentToBp(v: string): number | undefined {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
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

export function toTiers(input: TierInput[], type: ContractType, decimals: number): (Tier | undefined)[] {
  return input.map((x) => {
    const validBets = amountToMinor(x.validBets, decimals);
    const netLoss = type === 'dividend' ? amountToMinor(x.netLoss, decimals) : 0;
    const activeMembers = /^\d{1,7}$/.test(x.activeMembers.trim()) ? Number(x.activeMembers.trim()) : undefined;
    const rate = percentToBp(x.rate);
    if (validBets === undefined || netLoss === undefined || activeMembers === undefined || rate === undefined) return undefined;
    return { validBets, netLoss, activeMembers, rate };
  });
}

export function offerSchema(decimals: number) {
  return z
    .object({
      type: z.enum(['dividend', 'daily_wage', 'hourly_wage', 'realtime']),
      period: z.string(),
      tiers: z.array(z.object({ validBets: z.string(), netLoss: z.string(), activeMembers: z.string(), rate: z.string() })),
      winRate: z.string(),
      lossRate: z.string(),
      betRate: z.string(),
    })
    .superRefine((v, ctx) => {
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
        if (!/^\d{1,7}$/.test(raw.activeMembers.trim())) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'activeMembers'], message: 'countInvalid' });
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

/** The request body of a valid form. */
export function toOffer(v: OfferInput, downlineId: number, decimals: number): Offer {
  if (v.type === 'realtime') {
    return { downlineId, type: v.type, realtime: { winRate: percentToBp(v.winRate || '0')!, lossRate: percentToBp(v.lossRate || '0')!, betRate: percentToBp(v.betRate || '0')! } };
  }
  return { downlineId, type: v.type, period: v.type === 'dividend' ? v.period : undefined, tiers: toTiers(v.tiers, v.type, decimals) as Tier[] };
}
