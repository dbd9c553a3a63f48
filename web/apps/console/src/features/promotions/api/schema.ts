// The promotion form's rules, as internal/promotions checks them: titles 1
// to 80 characters, a schedule that ends after it starts, and per type its
// terms (a reload's rate, cap and minimum; a fixed bonus's amount; a
// cashback's rates and cap; an application's cap); a bonus needs its
// wagering (1 to 100×) and days; a raffle its prize and 1 to 1,000 winners. Messages are keys of console-promotions.
import { z } from '@/lib/zod';
import type { Draft, Promotion, PromotionType } from './promotions';

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const PCT = /^\d{1,3}(\.\d{1,2})?$/;
const INT = /^\d{1,9}$/;

export const toMinor = (s: string, decimals: number) => Math.round(Number(s.replace(/,/g, '')) * 10 ** decimals);
export const fromMinor = (n: number, decimals: number) => (n / 10 ** decimals).toFixed(decimals);
export const toBp = (s: string) => Math.round(Number(s) * 100);
export const fromBp = (n: number) => String(n / 100);

/** datetime-local value of an epoch ms in the operator's zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export const formSchema = z
  .object({
    type: z.enum(['RELOAD', 'FIXED', 'CASHBACK', 'APPLICATION', 'RAFFLE']),
    titleEN: z.string().trim().min(1, { message: 'v.title' }).max(80, { message: 'v.title' }),
    titleTY: z.string().trim().min(1, { message: 'v.title' }).max(80, { message: 'v.title' }),
    articleId: z.string().trim().regex(/^\d{0,9}$/, { message: 'v.int' }),
    joinRequired: z.boolean(),
    percent: z.string().trim(),
    rates: z.record(z.string(), z.string()),
    amount: z.string().trim(),
    cap: z.string().trim(),
    minDeposit: z.string().trim(),
    frequency: z.enum(['ONCE', 'DAILY', 'WEEKLY']),
    newWithinDays: z.string().trim().regex(/^\d{0,3}$/, { message: 'v.int' }),
    agentId: z.string().trim().regex(/^\d{0,12}$/, { message: 'v.int' }),
    vipMinLevel: z.string().trim().regex(/^\d{0,3}$/, { message: 'v.int' }),
    startsAt: z.string().min(1, { message: 'v.schedule' }),
    endsAt: z.string().min(1, { message: 'v.schedule' }),
    budget: z
      .string()
      .trim()
      .refine((s) => /^(\d{1,11}(\.\d{1,2})?)?$/.test(s.replace(/,/g, '')), { message: 'v.money' }),
    rewardKind: z.enum(['CASH', 'BONUS']),
    wagerMultiple: z.string().trim(),
    maxBet: z.string().trim(),
    validDays: z.string().trim(),
    claimDays: z.string().trim().regex(INT, { message: 'v.days' }),
    winners: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    const bad = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const money = (path: 'amount' | 'cap' | 'minDeposit' | 'maxBet', required: boolean) => {
      const s = v[path].replace(/,/g, '');
      if (!s) {
        if (required) bad(path, 'v.money');
        return;
      }
      if (!MONEY.test(s) || (required && Number(s) <= 0)) bad(path, 'v.money');
    };
    const pct = (path: 'percent', required: boolean) => {
      const s = v[path];
      if (!s ? required : !PCT.test(s) || Number(s) > 100 || (required && Number(s) <= 0)) bad(path, 'v.percent');
    };
    if (new Date(v.endsAt).getTime() <= new Date(v.startsAt).getTime()) bad('endsAt', 'v.schedule');
    const claim = Number(v.claimDays);
    if (!(claim >= 1 && claim <= 365)) bad('claimDays', 'v.days');
    if (v.rewardKind === 'BONUS') {
      const w = Number(v.wagerMultiple);
      if (!INT.test(v.wagerMultiple) || w < 1 || w > 100) bad('wagerMultiple', 'v.wager');
      const d = Number(v.validDays);
      if (!INT.test(v.validDays) || d < 1 || d > 365) bad('validDays', 'v.days');
      money('maxBet', false);
    }
    switch (v.type) {
      case 'RELOAD':
        pct('percent', true);
        money('cap', true);
        money('minDeposit', false);
        if (v.frequency === 'WEEKLY') bad('frequency', 'v.frequency');
        break;
      case 'FIXED':
        money('amount', true);
        if (v.frequency === 'WEEKLY') bad('frequency', 'v.frequency');
        break;
      case 'CASHBACK': {
        pct('percent', false);
        money('cap', true);
        if (v.frequency === 'ONCE') bad('frequency', 'v.frequency');
        const rates = Object.entries(v.rates).filter(([, r]) => r !== '');
        for (const [c, r] of rates) if (!PCT.test(r) || Number(r) > 100) bad(`rates.${c}`, 'v.percent');
        if (!v.percent && rates.length === 0) bad('percent', 'v.rates');
        break;
      }
      case 'APPLICATION':
        money('cap', true);
        if (v.frequency === 'WEEKLY') bad('frequency', 'v.frequency');
        break;
      case 'RAFFLE': {
        money('amount', true);
        const w = Number(v.winners);
        if (!INT.test(v.winners) || w < 1 || w > 1000) bad('winners', 'v.winners');
        if (v.frequency === 'WEEKLY') bad('frequency', 'v.frequency');
        break;
      }
    }
  });

export type FormInput = z.infer<typeof formSchema>;

export function toForm(p: Promotion | undefined, decimals: number, categories: string[]): FormInput {
  const now = Date.now();
  const m = (n: number) => (n ? fromMinor(n, decimals) : '');
  const rates = Object.fromEntries(categories.map((c) => [c, p?.rates?.[c] !== undefined ? fromBp(p.rates[c]) : '']));
  return {
    type: p?.type ?? 'RELOAD',
    titleEN: p?.titleEN ?? '',
    titleTY: p?.titleTY ?? '',
    articleId: p?.articleId ? String(p.articleId) : '',
    joinRequired: p?.joinRequired ?? false,
    percent: p?.percent ? fromBp(p.percent) : '',
    rates,
    amount: m(p?.amount ?? 0),
    cap: m(p?.cap ?? 0),
    minDeposit: m(p?.minDeposit ?? 0),
    frequency: p?.frequency ?? 'ONCE',
    newWithinDays: p?.newWithinDays ? String(p.newWithinDays) : '',
    agentId: p?.agentId ? String(p.agentId) : '',
    vipMinLevel: p?.vipMinLevel ? String(p.vipMinLevel) : '',
    startsAt: toLocalInput(p?.startsAt ?? now),
    endsAt: toLocalInput(p?.endsAt ?? now + 30 * 86_400_000),
    budget: m(p?.budget ?? 0),
    rewardKind: p?.rewardKind ?? 'BONUS',
    wagerMultiple: p?.wagerMultiple ? String(p.wagerMultiple) : '10',
    maxBet: m(p?.maxBet ?? 0),
    validDays: p?.validDays ? String(p.validDays) : '7',
    claimDays: String(p?.claimDays ?? 7),
    winners: p?.winners ? String(p.winners) : '',
  };
}

export function toDraft(v: FormInput, decimals: number): Draft {
  const m = (s: string) => (s ? toMinor(s, decimals) : 0);
  const n = (s: string) => (s ? Number(s) : 0);
  const rates: Record<string, number> = {};
  if (v.type === 'CASHBACK') for (const [c, r] of Object.entries(v.rates)) if (r !== '') rates[c] = toBp(r);
  const t: PromotionType = v.type;
  return {
    type: t,
    titleEN: v.titleEN.trim(),
    titleTY: v.titleTY.trim(),
    articleId: n(v.articleId),
    joinRequired: t === 'FIXED' ? true : t === 'APPLICATION' || t === 'RAFFLE' ? false : v.joinRequired,
    percent: t === 'RELOAD' || t === 'CASHBACK' ? (v.percent ? toBp(v.percent) : 0) : 0,
    rates,
    amount: t === 'FIXED' || t === 'RAFFLE' ? m(v.amount) : 0,
    cap: t === 'FIXED' || t === 'RAFFLE' ? 0 : m(v.cap),
    minDeposit: t === 'RELOAD' ? m(v.minDeposit) : 0,
    frequency: v.frequency,
    newWithinDays: n(v.newWithinDays),
    agentId: n(v.agentId),
    vipMinLevel: n(v.vipMinLevel),
    startsAt: new Date(v.startsAt).getTime(),
    endsAt: new Date(v.endsAt).getTime(),
    budget: m(v.budget),
    rewardKind: v.rewardKind,
    wagerMultiple: v.rewardKind === 'BONUS' ? n(v.wagerMultiple) : 0,
    maxBet: v.rewardKind === 'BONUS' ? m(v.maxBet) : 0,
    validDays: v.rewardKind === 'BONUS' ? n(v.validDays) : 0,
    claimDays: n(v.claimDays),
    winners: t === 'RAFFLE' ? n(v.winners) : 0,
  };
}

export const amountSchema = (max: number) =>
  z.object({
    amount: z
      .string()
      .trim()
      .regex(MONEY, { message: 'v.money' })
      .refine((s) => Number(s) > 0 && Number(s) <= max, { message: 'v.approveMax' }),
  });
