// Quick-amount chips: round amounts (major units) inside the method's bounds.
const LADDER = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];

/** Up to `count` chip amounts in minor units between min and max (inclusive). */
export function quickAmounts(min: number, max: number, decimals: number, count = 6): number[] {
  const unit = 10 ** decimals;
  const inRange = LADDER.map((v) => v * unit).filter((v) => v >= min && (max <= 0 || v <= max));
  if (inRange.length > 0) return inRange.slice(0, count);
  return [min, max].filter((v, i, a) => v > 0 && a.indexOf(v) === i);
}
