// Pure helpers for the reward and bonus pages: integer maths only (money is
// minor units, weights basis points), so nothing goes through floats.

/** Wagering progress in whole percent, floored and capped at 100 (a met requirement of 0 is 100). */
export function wagerPercent(wagered: number, required: number): number {
  if (required <= 0) return 100;
  const p = (BigInt(Math.max(0, Math.trunc(wagered))) * 100n) / BigInt(Math.trunc(required));
  return Number(p > 100n ? 100n : p);
}

/** 10000 basis points -> "100", 1250 -> "12.5", 5 -> "0.05". */
export function basisPointsPercent(bp: number): string {
  const v = Math.max(0, Math.trunc(bp));
  const whole = Math.floor(v / 100);
  const frac = (v % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** The wagering requirement of a BONUS reward: amount × wagerMultiple (minor units). */
export function wagerRequirement(amount: number, multiple: number | undefined): number {
  return Number(BigInt(Math.trunc(amount)) * BigInt(Math.max(0, Math.trunc(multiple ?? 0))));
}

export type Remaining = { days: number; hours: number; minutes: number } | null;

/** Time left until `at` (null once it has passed), in whole days, hours and minutes. */
export function remaining(at: number, now: number): Remaining {
  const ms = at - now;
  if (ms <= 0) return null;
  const minutesTotal = Math.floor(ms / 60_000);
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}

/** Categories by weight, largest first, then by name (a stable order for the table). */
export function sortedWeights(weights: Record<string, number> | null | undefined): [string, number][] {
  return Object.entries(weights ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
