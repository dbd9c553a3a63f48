// The VIP levels table (docs/rewards-api.md "VIP and bonus bets", console):
// read with rewards.read, replaced whole with rewards.write.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { parseMinor, formatMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';

export type VipLevel = {
  level: number;
  /** The EN name (the server takes it from names.EN). */
  name: string;
  /** The name per language code: EN and TY required, the others optional. */
  names: Record<string, string>;
  minValidBets: number;
  minDeposits: number;
  keepValidBets: number;
  upgradeReward: number;
  weeklyReward: number;
  monthlyReward: number;
  rates: Record<string, number>;
};
export type VipLevels = { levels: VipLevel[]; categories: string[]; enabled: boolean; currency: string; decimals: number; maxLevels: number; maxRate: number; bonusBetsMin: number };

export const vipLevelsQuery = () =>
  queryOptions({ queryKey: ['vip', 'levels'] as const, queryFn: ({ signal }) => api.get<VipLevels>('/ops/v1/vip/levels', undefined, signal) });

export const saveVipLevels = (levels: VipLevel[]) => api.request<{ levels: VipLevel[] }>('PUT', '/ops/v1/vip/levels', { body: { levels } });

export const MONEY_FIELDS = ['minValidBets', 'minDeposits', 'keepValidBets', 'upgradeReward', 'weeklyReward', 'monthlyReward'] as const;
export type MoneyField = (typeof MONEY_FIELDS)[number];

/** The languages a level's name must have, then the storefront's others (optional). */
export const REQUIRED_NAME_LANGS = ['EN', 'TY'] as const;
export const OTHER_NAME_LANGS = ['CN', 'JA', 'KO', 'TH', 'VI', 'ES', 'PT', 'FR', 'RU', 'AR'] as const;

/** The form's row: names per language, money as text in major units, rates as percent text ("0.30"). */
export type LevelRow = { names: { EN: string; TY: string } & Record<string, string>; rates: Record<string, string> } & Record<MoneyField, string>;

const money = z.string().trim().refine((v) => parseMinor(v, 2) !== undefined && (parseMinor(v, 2) ?? -1n) >= 0n, { message: 'money' });
const rate = z.string().trim().refine((v) => v === '' || ((parseMinor(v, 2) ?? -1n) >= 0n && (parseMinor(v, 2) ?? 0n) <= 1000n), { message: 'rate' });

export const levelsSchema = z
  .object({
    levels: z
      .array(
        z.object({
          names: z
            .object({ EN: z.string().trim().min(1, 'name').max(40, 'name'), TY: z.string().trim().min(1, 'name').max(40, 'name') })
            .catchall(z.string().trim().max(40, 'name')),
          minValidBets: money,
          minDeposits: money,
          keepValidBets: money,
          upgradeReward: money,
          weeklyReward: money,
          monthlyReward: money,
          rates: z.record(z.string(), rate),
        }),
      )
      .min(1, 'levels')
      .max(20, 'levels'),
  })
  .superRefine((v, ctx) => {
    v.levels.forEach((l, i) => {
      const bets = parseMinor(l.minValidBets, 2) ?? 0n;
      if (i === 0 && bets !== 0n) ctx.addIssue({ code: 'custom', path: ['levels', i, 'minValidBets'], message: 'firstZero' });
      if (i === 0 && (parseMinor(l.minDeposits, 2) ?? 0n) !== 0n) ctx.addIssue({ code: 'custom', path: ['levels', i, 'minDeposits'], message: 'firstZero' });
      if (i > 0 && bets <= (parseMinor(v.levels[i - 1].minValidBets, 2) ?? 0n)) ctx.addIssue({ code: 'custom', path: ['levels', i, 'minValidBets'], message: 'rising' });
      if (i > 0 && (parseMinor(l.minDeposits, 2) ?? 0n) < (parseMinor(v.levels[i - 1].minDeposits, 2) ?? 0n))
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'minDeposits'], message: 'notFalling' });
    });
  });

export function toRow(l: VipLevel, decimals: number, categories: string[]): LevelRow {
  const names: LevelRow['names'] = { EN: l.names?.EN ?? l.name, TY: l.names?.TY ?? '' };
  for (const lang of OTHER_NAME_LANGS) names[lang] = l.names?.[lang] ?? '';
  const row = { names, rates: {} as Record<string, string> } as LevelRow;
  for (const f of MONEY_FIELDS) row[f] = formatMinor(l[f], decimals).replace(/,/g, '');
  for (const c of categories) row.rates[c] = formatMinor(l.rates[c] ?? 0, 2);
  return row;
}

export function fromRow(r: LevelRow, i: number, decimals: number): VipLevel {
  const names = Object.fromEntries(
    Object.entries(r.names)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== ''),
  );
  const out = { level: i + 1, name: names.EN ?? '', names, rates: {} as Record<string, number> } as VipLevel;
  for (const f of MONEY_FIELDS) out[f] = Number(parseMinor(r[f], decimals) ?? 0n);
  for (const [c, v] of Object.entries(r.rates)) {
    const bp = Number(parseMinor(v || '0', 2) ?? 0n);
    if (bp > 0) out.rates[c] = bp;
  }
  return out;
}
