// The edit forms' rules (the server's: reason 3..200, a window that ends after
// it starts and in the future, sort 0..1,000,000, stake limits in the brand
// currency's major units, the jackpot share in percent with two decimals =
// basis points) and the patches they send: only what changed, with the reason.
import { parseMinor, formatMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';
import type { GamePatch, InhouseGame, InhousePatch, OpsGame, OpsVendor, VendorPatch, Window } from './games';

export const MAX_SORT = 1_000_000;
export const MAX_STAKE = 100_000_000_000;

const reason = z.string().trim().min(3, 'form.reason').max(200, 'form.reason');
const sort = z.string().trim().regex(/^\d{1,7}$/, 'form.sort').refine((v) => Number(v) <= MAX_SORT, 'form.sort');

/** A datetime-local value ("2026-11-27T14:30") in the browser's zone, as Unix ms; 0 for blank. */
export function localToMs(v: string): number {
  if (!v) return 0;
  const ms = new Date(v).getTime();
  return Number.isFinite(ms) ? ms : NaN;
}

/** Unix ms as a datetime-local value in the browser's zone ("" for 0). */
export function msToLocal(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

type WindowFields = { from: string; to: string };

/** The window's rules, checked only when the operator changed it (a past window may stay as it is). */
function checkWindow(v: WindowFields, initial: Window, now: () => number, ctx: z.RefinementCtx) {
  if (v.from === msToLocal(initial.from) && v.to === msToLocal(initial.to)) return;
  if (!v.from && !v.to) return;
  const from = localToMs(v.from);
  const to = localToMs(v.to);
  if (!v.from || !v.to || Number.isNaN(from) || Number.isNaN(to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'form.windowBoth' });
  else if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'form.windowOrder' });
  else if (to <= now()) ctx.addIssue({ code: 'custom', path: ['to'], message: 'form.windowPast' });
}

function windowPatch(v: WindowFields, initial: Window): Window | undefined {
  if (v.from === msToLocal(initial.from) && v.to === msToLocal(initial.to)) return undefined;
  return { from: localToMs(v.from), to: localToMs(v.to) };
}

export const vendorSchema = (initial: Window, now: () => number = Date.now) =>
  z
    .object({
      displayName: z.string().trim().min(1, 'form.name').max(64, 'form.name'),
      on: z.boolean(),
      maintenance: z.boolean(),
      from: z.string(),
      to: z.string(),
      isNew: z.boolean(),
      sort,
      reason,
    })
    .superRefine((v, ctx) => checkWindow(v, initial, now, ctx));
export type VendorForm = z.infer<ReturnType<typeof vendorSchema>>;

export const vendorDefaults = (v: OpsVendor): VendorForm => ({
  displayName: v.displayName,
  on: !v.disabled,
  maintenance: v.maintenance,
  from: msToLocal(v.maintenanceWindow.from),
  to: msToLocal(v.maintenanceWindow.to),
  isNew: v.isNew,
  sort: String(v.sort),
  reason: '',
});

/** What changed, or null when nothing did. */
export function vendorPatch(v: OpsVendor, f: VendorForm): VendorPatch | null {
  const p: VendorPatch = { reason: f.reason.trim() };
  if (f.displayName.trim() !== v.displayName) p.displayName = f.displayName.trim();
  if (f.on === v.disabled) p.disabled = !f.on;
  if (f.maintenance !== v.maintenance) p.maintenance = f.maintenance;
  if (f.isNew !== v.isNew) p.isNew = f.isNew;
  if (Number(f.sort) !== v.sort) p.sort = Number(f.sort);
  const w = windowPatch(f, v.maintenanceWindow);
  if (w) p.maintenanceWindow = w;
  return Object.keys(p).length > 1 ? p : null;
}

export const gameSchema = (initial: Window, now: () => number = Date.now) =>
  z
    .object({
      on: z.boolean(),
      maintenance: z.boolean(),
      from: z.string(),
      to: z.string(),
      isHot: z.boolean(),
      isNew: z.boolean(),
      subCategory: z.enum(['', 'JP', 'TG', 'AC', 'BG'], 'form.sub'),
      sort,
      reason,
    })
    .superRefine((v, ctx) => checkWindow(v, initial, now, ctx));
export type GameForm = z.infer<ReturnType<typeof gameSchema>>;

export const gameDefaults = (g: OpsGame): GameForm => ({
  on: !g.disabled,
  maintenance: g.maintenance,
  from: msToLocal(g.maintenanceWindow.from),
  to: msToLocal(g.maintenanceWindow.to),
  isHot: g.isHot,
  isNew: g.isNew,
  subCategory: (g.subCategory || '') as GameForm['subCategory'],
  sort: String(g.sort),
  reason: '',
});

export function gamePatch(g: OpsGame, f: GameForm): GamePatch | null {
  const p: GamePatch = { reason: f.reason.trim() };
  if (f.on === g.disabled) p.disabled = !f.on;
  if (f.maintenance !== g.maintenance) p.maintenance = f.maintenance;
  if (f.isHot !== g.isHot) p.isHot = f.isHot;
  if (f.isNew !== g.isNew) p.isNew = f.isNew;
  if (f.subCategory !== (g.subCategory || '')) p.subCategory = f.subCategory;
  if (Number(f.sort) !== g.sort) p.sort = Number(f.sort);
  const w = windowPatch(f, g.maintenanceWindow);
  if (w) p.maintenanceWindow = w;
  return Object.keys(p).length > 1 ? p : null;
}

const amountOf = (text: string, decimals: number): number | undefined => {
  const v = parseMinor(text, decimals);
  return v === undefined || v < 1n || v > BigInt(MAX_STAKE) ? undefined : Number(v);
};

export const inhouseSchema = (decimals: number, profiles: readonly string[], isSlot: boolean) =>
  z
    .object({
      minBet: z.string().refine((v) => amountOf(v, decimals) !== undefined, 'form.amount'),
      maxBet: z.string().refine((v) => amountOf(v, decimals) !== undefined, 'form.amount'),
      share: z.string().refine((v) => {
        const bp = parseMinor(v, 2);
        return bp !== undefined && bp >= 1n && bp <= 10000n;
      }, 'form.share'),
      slotProfile: z.string().refine((v) => !isSlot || profiles.includes(v), 'form.profile'),
      reason,
    })
    .superRefine((v, ctx) => {
      const lo = amountOf(v.minBet, decimals);
      const hi = amountOf(v.maxBet, decimals);
      if (lo !== undefined && hi !== undefined && hi < lo) ctx.addIssue({ code: 'custom', path: ['maxBet'], message: 'form.range' });
    });
export type InhouseForm = z.infer<ReturnType<typeof inhouseSchema>>;

export const inhouseDefaults = (g: InhouseGame, decimals: number): InhouseForm => ({
  minBet: formatMinor(g.minBet, decimals).replace(/,/g, ''),
  maxBet: formatMinor(g.maxBet, decimals).replace(/,/g, ''),
  share: formatMinor(g.jackpotContributionBp, 2),
  slotProfile: g.slotProfile ?? '',
  reason: '',
});

export function inhousePatch(g: InhouseGame, f: InhouseForm, decimals: number): InhousePatch | null {
  const p: InhousePatch = { reason: f.reason.trim() };
  const lo = amountOf(f.minBet, decimals);
  const hi = amountOf(f.maxBet, decimals);
  const bp = Number(parseMinor(f.share, 2));
  if (lo !== undefined && lo !== g.minBet) p.minBet = lo;
  if (hi !== undefined && hi !== g.maxBet) p.maxBet = hi;
  if (bp !== g.jackpotContributionBp) p.jackpotContributionBp = bp;
  if (g.slotProfile !== undefined && f.slotProfile !== g.slotProfile) p.slotProfile = f.slotProfile;
  return Object.keys(p).length > 1 ? p : null;
}
