// The forms' rules, the same as the server's (internal/missions/ops.go):
// messages are keys of console-missions.
import { z } from '@/lib/zod';
import type { BoardBody, MissionBody } from './missions';

export const TITLE_MAX = 80;
export const ROUNDS_MAX = 10_000;
export const PRIZES_MAX = 100;
export const WAGER_MAX = 100;

const money = (decimals: number, allowZero = false) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d+)?$/, 'v.amount')
    .refine((s) => (s.split('.')[1] ?? '').length <= decimals, 'v.amount')
    .refine((s) => allowZero || /[1-9]/.test(s), 'v.amount');
const code = z.string().trim().regex(/^[A-Za-z0-9_.-]{0,64}$/, 'v.code');
const when = z.string().trim();

/** A datetime-local value as epoch ms (0 when empty). */
export const toEpoch = (v: string) => (v.trim() ? new Date(v).getTime() : 0);
/** Epoch ms as a datetime-local value in the operator's zone ('' for 0). */
export function fromEpoch(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const schedule = <T extends { startsAt: string; endsAt: string }>(v: T, ctx: z.RefinementCtx) => {
  const s = toEpoch(v.startsAt);
  const e = toEpoch(v.endsAt);
  if (Number.isNaN(s) || Number.isNaN(e) || (e > 0 && e <= s)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'v.schedule' });
};

export const missionSchema = (decimals: number) =>
  z
    .object({
      titleEN: z.string().trim().min(1, 'v.title').max(TITLE_MAX, 'v.title'),
      titleTY: z.string().trim().max(TITLE_MAX, 'v.title'),
      period: z.enum(['DAILY', 'WEEKLY']),
      kind: z.enum(['BET', 'ROUNDS', 'DEPOSIT', 'LOGIN']),
      category: code,
      game: code,
      target: z.string().trim(),
      rewardAmount: money(decimals),
      rewardKind: z.enum(['CASH', 'BONUS']),
      wagerMultiple: z.string().trim().regex(/^\d{1,3}$/, 'v.wager').refine((s) => Number(s) <= WAGER_MAX, 'v.wager'),
      status: z.enum(['ACTIVE', 'PAUSED']),
      startsAt: when,
      endsAt: when,
    })
    .superRefine((v, ctx) => {
      schedule(v, ctx);
      if (v.kind === 'BET' || v.kind === 'DEPOSIT') {
        if (!money(decimals).safeParse(v.target).success) ctx.addIssue({ code: 'custom', path: ['target'], message: 'v.target' });
        return;
      }
      const max = v.kind === 'LOGIN' ? (v.period === 'WEEKLY' ? 7 : 1) : ROUNDS_MAX;
      if (!/^\d{1,5}$/.test(v.target) || Number(v.target) < 1 || Number(v.target) > max) ctx.addIssue({ code: 'custom', path: ['target'], message: 'v.target' });
    });
export type MissionForm = z.infer<ReturnType<typeof missionSchema>>;

export const missionDefaults: MissionForm = {
  titleEN: '',
  titleTY: '',
  period: 'DAILY',
  kind: 'ROUNDS',
  category: '',
  game: '',
  target: '3',
  rewardAmount: '',
  rewardKind: 'CASH',
  wagerMultiple: '0',
  status: 'ACTIVE',
  startsAt: '',
  endsAt: '',
};

export function toMissionBody(v: MissionForm, sort = 0): MissionBody {
  return {
    titleEN: v.titleEN.trim(),
    titleTY: v.titleTY.trim(),
    period: v.period,
    kind: v.kind,
    category: v.category.trim().toUpperCase(),
    game: v.game.trim(),
    target: v.target.trim(),
    rewardAmount: v.rewardAmount.trim(),
    rewardKind: v.rewardKind,
    wagerMultiple: v.rewardKind === 'BONUS' ? Number(v.wagerMultiple) : 0,
    status: v.status,
    startsAt: toEpoch(v.startsAt),
    endsAt: toEpoch(v.endsAt),
    sort,
  };
}

/** Prizes are typed one per line, highest place first. */
export const boardSchema = (decimals: number) =>
  z
    .object({
      titleEN: z.string().trim().min(1, 'v.title').max(TITLE_MAX, 'v.title'),
      titleTY: z.string().trim().max(TITLE_MAX, 'v.title'),
      period: z.enum(['DAILY', 'WEEKLY']),
      metric: z.enum(['MULTIPLIER', 'VALID_BET']),
      category: code,
      minBet: money(decimals, true),
      prizes: z.string(),
      status: z.enum(['ACTIVE', 'PAUSED']),
      startsAt: when,
      endsAt: when,
    })
    .superRefine((v, ctx) => {
      schedule(v, ctx);
      const ps = v.prizes.split('\n').map((x) => x.trim()).filter(Boolean);
      const ok =
        ps.length >= 1 &&
        ps.length <= PRIZES_MAX &&
        ps.every((p) => money(decimals).safeParse(p).success) &&
        ps.every((p, i) => i === 0 || Number(p) <= Number(ps[i - 1]));
      if (!ok) ctx.addIssue({ code: 'custom', path: ['prizes'], message: 'v.prizes' });
    });
export type BoardForm = z.infer<ReturnType<typeof boardSchema>>;

export const boardDefaults: BoardForm = { titleEN: '', titleTY: '', period: 'WEEKLY', metric: 'MULTIPLIER', category: 'RNG', minBet: '0', prizes: '', status: 'ACTIVE', startsAt: '', endsAt: '' };

export function toBoardBody(v: BoardForm): BoardBody {
  return {
    titleEN: v.titleEN.trim(),
    titleTY: v.titleTY.trim(),
    period: v.period,
    metric: v.metric,
    category: v.category.trim().toUpperCase(),
    minBet: v.minBet.trim() || '0',
    prizes: v.prizes.split('\n').map((x) => x.trim()).filter(Boolean),
    status: v.status,
    startsAt: toEpoch(v.startsAt),
    endsAt: toEpoch(v.endsAt),
  };
}
