// The rules the page applies before sending (the server checks again, with the
// same codes): limit amounts, session minutes (the forms' schemas are in
// schemas.ts, so zod loads with the form only), and the timing of pending
// raises and reality checks. Money stays a decimal string until it becomes integer
// minor units as a bigint: never a float.
import { formatMinor } from '@/lib/format';

/** The currency's number of decimals (PHP 2, JPY 0); 2 when the runtime does not know the code. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "₱1,234.50", "-₱5.00" (the currency's own symbol where it has one, else "1,234.50 XYZ"). */
export function formatMoney(minor: number | bigint, currency: string): string {
  const negative = typeof minor === 'bigint' ? minor < 0n : minor < 0;
  const abs = typeof minor === 'bigint' ? (negative ? -minor : minor) : Math.abs(minor);
  const amount = (negative ? '-' : '') + formatMinor(abs, currencyDecimals(currency));
  let symbol = '';
  try {
    symbol = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? '';
  } catch {
    /* unknown code */
  }
  if (symbol && symbol !== currency) return negative ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
  return `${amount} ${currency}`.trim();
}

/** Minor units -> the decimal text a field shows ("5000.50"). */
export function minorToInput(minor: number, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const v = BigInt(Math.trunc(minor));
  const frac = decimals > 0 ? `.${(v % base).toString().padStart(decimals, '0')}` : '';
  return `${v / base}${frac}`.replace(/\.0+$/, '');
}

/** Why an amount was refused: keys of rg:form.* */
export type AmountIssue = 'required' | 'invalid' | 'decimals' | 'positive' | 'aboveMax' | 'aboveOperator';

/** A decimal text in major units -> minor units, or the issue. */
export function parseLimitAmount(text: string, decimals: number): { minor: bigint } | { issue: AmountIssue } {
  const s = text.trim().replace(/,/g, '');
  if (s === '') return { issue: 'required' };
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(s);
  if (!m) return { issue: /^-/.test(s) ? 'positive' : 'invalid' };
  let frac = m[2] ?? '';
  if (frac.length > decimals) {
    if (/[^0]/.test(frac.slice(decimals))) return { issue: 'decimals' };
    frac = frac.slice(0, decimals);
  }
  const minor = BigInt(m[1]) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  if (minor <= 0n) return { issue: 'positive' };
  return { minor };
}

export const SESSION_MINUTES_MIN = 5;
export const SESSION_MINUTES_MAX = 1440;
export type MinutesIssue = 'required' | 'whole' | 'minutesRange' | 'aboveOperator';

/** True when the new value loosens the limit (a raise or a removal): it waits for the cooling-off. */
export function isLoosening(current: number | null, next: number | null): boolean {
  if (current === null) return false;
  return next === null || next > current;
}

/** Milliseconds left, split for a countdown. */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** "1d 02:03:04" / "02:03:04". */
export function formatCountdown(ms: number): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** "1:05" (h:mm) of play, for the reality check. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * When the next reality check is due: every `minutes` counted from the
 * session's start, the first one after the last the player has seen
 * (`seenUpTo`), so one that fell due while the page slept or the dialog was
 * being closed is shown at once (a past time), never skipped; but at most
 * one step back from `now`, so a long sleep shows one check, not a queue of
 * them. Null when they are off.
 */
export function nextRealityCheck(startedAt: number, minutes: number | null | undefined, now: number, seenUpTo = 0): number | null {
  if (!minutes || minutes <= 0) return null;
  const step = minutes * 60_000;
  const from = seenUpTo > 0 ? Math.max(seenUpTo, now - step) : now;
  const k = Math.max(1, Math.floor((from - startedAt) / step) + 1);
  return startedAt + k * step;
}
