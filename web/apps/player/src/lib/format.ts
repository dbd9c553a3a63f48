// Money is integer minor units everywhere; formatting never goes through floats.

/**
 * 123456789 (minor units, 2 decimals) -> "1,234,567.89". The same as
 * @palaro/api's formatMinor, kept here: imported from the package it became a
 * chunk of its own on the home page (a request and 0.2 KB over its budget).
 */
export function formatMinor(minor: number | bigint, decimals = 2): string {
  let v = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  const negative = v < 0n;
  if (negative) v = -v;
  const base = 10n ** BigInt(decimals);
  const whole = (v / base).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = decimals > 0 ? '.' + (v % base).toString().padStart(decimals, '0') : '';
  return (negative ? '-' : '') + whole + frac;
}

// Dates: the brand has one time zone (status info.timezone; Asia/Manila in the
// demo) and every date on every page is shown in it, never in the browser's:
// the records, the CSVs and the server's day boundaries use the same zone.
// Boot sets it from the status answer (setBrandTimeZone).

/** The server's default when a brand names no zone (internal/brand.DefaultTimezone). */
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

let brandZone = DEFAULT_TIME_ZONE;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat | undefined {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    } catch {
      return undefined; // unknown zone name
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** Sets the brand time zone (an unknown or missing name keeps the default). */
export function setBrandTimeZone(timeZone: string | undefined): void {
  brandZone = timeZone && formatter(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

export function brandTimeZone(): string {
  return brandZone;
}

type Parts = { year: string; month: string; day: string; hour: string; minute: string; second: string };

function toDate(input: number | string | Date): Date {
  return input instanceof Date ? input : new Date(input);
}

function parts(d: Date, timeZone: string): Parts | undefined {
  if (Number.isNaN(d.getTime())) return undefined;
  const f = formatter(timeZone) ?? formatter(DEFAULT_TIME_ZONE);
  if (!f) return undefined;
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value])) as Parts;
  return p;
}

/** A time -> "yyyy-MM-dd HH:mm:ss" (the spec's format) in the brand time zone, or the zone given. */
export function formatDateTime(input: number | string | Date, timeZone: string = brandZone): string {
  const p = parts(toDate(input), timeZone);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** A time -> "yyyy-MM-dd" in the brand time zone, or the zone given. */
export function formatDate(input: number | string | Date, timeZone: string = brandZone): string {
  const p = parts(toDate(input), timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** Today's calendar day in the brand time zone (the records' date ranges). */
export function todayInBrand(now: Date = new Date(), timeZone: string = brandZone): string {
  return formatDate(now, timeZone);
}

/** The brand zone's offset at that moment: "GMT+08:00". */
export function zoneOffset(at: Date, timeZone: string = brandZone): string {
  const p = parts(at, timeZone);
  if (!p) return '';
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const east = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const abs = Math.abs(east);
  return `GMT${east < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
