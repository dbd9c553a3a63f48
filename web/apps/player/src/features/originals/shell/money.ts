// Amount entry for bets: the text the member types <-> integer minor units,
// never through floats.
import { formatMinor } from '@/lib/format';

/** "12.5" -> 1250 (2 decimals); null when it is not a plain non-negative amount with at most `decimals` decimals. */
export function parseAmount(text: string, decimals = 2): number | null {
  const s = text.replace(/[,\s]/g, '');
  const m = /^(\d{1,13})(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  return Number(m[1]) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0');
}

/** 1250 -> "12.50" (no thousands separators: what goes back into the input). */
export function amountText(minor: number, decimals = 2): string {
  return formatMinor(minor, decimals).replace(/,/g, '');
}

export type Limits = { minBet: number; maxBet: number };

export function clampBet(v: number, l: Limits, balance?: number): number {
  let max = l.maxBet;
  if (balance !== undefined && balance >= l.minBet) max = Math.min(max, balance);
  return Math.max(l.minBet, Math.min(max, Math.floor(v)));
}

/** The ½ / 2× / min / max buttons. */
export function adjustBet(kind: 'half' | 'double' | 'min' | 'max', v: number, l: Limits, balance?: number): number {
  switch (kind) {
    case 'half':
      return clampBet(Math.floor(v / 2), l, balance);
    case 'double':
      return clampBet(v * 2, l, balance);
    case 'min':
      return l.minBet;
    case 'max':
      return clampBet(l.maxBet, l, balance);
  }
}

/** "2.50x" from 1/10000 units (floored to hundredths, like the payout). */
export function formatMultiplier(m: number): string {
  return `${formatMinor(Math.floor(m / 100), 2)}×`;
}

/** bet * multiplier / 10000 floored: the payout rule of every in-house game. */
export function payout(bet: number, multiplier: number): number {
  return Number((BigInt(Math.trunc(bet)) * BigInt(Math.trunc(multiplier))) / 10000n);
}

/** Short multiplier for tight spots (plinko buckets): 1000, 140, 27, 6.6, 0.5 (from 1/10000 units, floored to hundredths). */
export function compactMultiplier(m: number): string {
  const h = Math.floor(m / 100); // hundredths
  if (h >= 10000) return String(Math.floor(h / 100));
  const whole = Math.floor(h / 100);
  const frac = String(h % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}
