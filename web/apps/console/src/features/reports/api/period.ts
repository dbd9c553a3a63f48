// Periods are whole days in the brand's time zone ("yyyy-mm-dd", both ends
// in), as the server reads them (docs/reports.md). Day arithmetic runs on
// UTC dates so a daylight-saving change never moves a day.

export type Period = { from: string; to: string };
export const PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}
const toDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The day n days after (or before, n < 0) a day. */
export function addDays(day: string, n: number): string {
  return toDay(new Date(toDate(day).getTime() + n * DAY_MS));
}

/** Days in a period, both ends included. */
export function periodDays(p: Period): number {
  return Math.round((toDate(p.to).getTime() - toDate(p.from).getTime()) / DAY_MS) + 1;
}

/** The period of the same length ending the day before p (what the dashboard compares with). */
export function previousPeriod(p: Period): Period {
  const n = periodDays(p);
  return { from: addDays(p.from, -n), to: addDays(p.from, -1) };
}

/** Today in a time zone (an IANA name; the browser's zone when it is unknown). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  }
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A preset's days, counted from today in the brand's zone. */
export function presetPeriod(preset: Preset, timeZone: string | undefined, now: Date = new Date()): Period {
  const today = todayIn(timeZone, now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const end = addDays(monthStart, -1);
      return { from: `${end.slice(0, 8)}01`, to: end };
    }
  }
}

/** The preset a period is, if any (so the picker shows it pressed). */
export function presetOf(p: Period, timeZone: string | undefined, now: Date = new Date()): Preset | undefined {
  return PRESETS.find((k) => {
    const q = presetPeriod(k, timeZone, now);
    return q.from === p.from && q.to === p.to;
  });
}

/** The server's rule: real days, the end not before the start, at most 366 days. */
export const MAX_DAYS = 366;
export function isPeriodValid(p: Period): boolean {
  const re = /^\d{4}-\d{2}-\d{2}$/;
  if (!re.test(p.from) || !re.test(p.to) || toDay(toDate(p.from)) !== p.from || toDay(toDate(p.to)) !== p.to) return false;
  const n = periodDays(p);
  return n >= 1 && n <= MAX_DAYS;
}

/** Change from prev to cur in percent, one decimal; null when prev is zero (no base to compare with). */
export function changePct(cur: number, prev: number): number | null {
  if (prev === 0) return cur === 0 ? 0 : null;
  return Math.round(((cur - prev) / Math.abs(prev)) * 1000) / 10;
}
