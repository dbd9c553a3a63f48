// The date range of the records pages (account record, betting record, profit
// and loss; spec section 9: date picker presets next
// and previous 7 and 30 days). Presets pick a window ending today (today,
// the previous 7 days, the previous 30 days); the steppers move the window
// back or forward by 7 or 30 days, never past today. Dates are calendar days
// "YYYY-MM-DD" in the brand's time zone, where the server reads them.
import { brandTimeZone, formatDateTime, todayInBrand } from './format';

export type DateRange = { from: string; to: string };
export type Preset = 'today' | 'last7' | 'last30';

/** The server's limit on one query (contract: ranges of at most 90 days). */
export const MAX_RANGE_DAYS = 90;

const DAY = 86_400_000;

export function isoDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** "2026-11-22" -> a UTC-midnight epoch day number, for arithmetic without DST surprises. */
function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY);
}
function fromDayNumber(n: number): string {
  const d = new Date(n * DAY);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
}

export function addDays(day: string, n: number): string {
  return fromDayNumber(dayNumber(day) + n);
}

/** Inclusive number of days in the range. */
export function rangeDays(r: DateRange): number {
  return dayNumber(r.to) - dayNumber(r.from) + 1;
}

export function isDay(s: string | null | undefined): s is string {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return fromDayNumber(dayNumber(s)) === s;
}

export function presetRange(p: Preset, today: string): DateRange {
  const days = p === 'today' ? 1 : p === 'last7' ? 7 : 30;
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The preset this range equals, if any (to highlight its button). */
export function matchingPreset(r: DateRange, today: string): Preset | undefined {
  return (['today', 'last7', 'last30'] as const).find((p) => {
    const q = presetRange(p, today);
    return q.from === r.from && q.to === r.to;
  });
}

/**
 * Moves the window by `days` (negative: back). Its length is kept; going
 * forward stops at today (the window then ends today).
 */
export function shiftRange(r: DateRange, days: number, today: string): DateRange {
  const len = rangeDays(r);
  let to = addDays(r.to, days);
  if (dayNumber(to) > dayNumber(today)) to = today;
  return { from: addDays(to, -(len - 1)), to };
}

/** True when a step forward would change nothing (the window already ends today). */
export function atToday(r: DateRange, today: string): boolean {
  return dayNumber(r.to) >= dayNumber(today);
}

/**
 * A range the server accepts: from <= to <= today and at most MAX_RANGE_DAYS
 * long (a too long range keeps its end and moves its start).
 */
export function clampRange(r: DateRange, today: string): DateRange {
  let { from, to } = r;
  if (dayNumber(to) > dayNumber(today)) to = today;
  if (dayNumber(from) > dayNumber(to)) from = to;
  if (rangeDays({ from, to }) > MAX_RANGE_DAYS) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  return { from, to };
}

/**
 * Today's date in the brand's time zone (the server reads the range's dates
 * there); the zone the server answered wins when given.
 */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return todayInBrand(now, timeZone || brandTimeZone());
}

/** "yyyy-MM-dd HH:mm:ss" of a Unix ms time in the zone the server answered, else the brand's. */
export function formatInZone(ms: number, timeZone: string | undefined): string {
  return formatDateTime(ms, timeZone || brandTimeZone());
}
