// Money is integer minor units everywhere; formatting never goes through floats.

/** 123456789 (minor units, 2 decimals) -> "1,234,567.89". */
export function formatMinor(minor: number | bigint, decimals = 2): string {
  let v = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  const negative = v < 0n;
  if (negative) v = -v;
  const base = 10n ** BigInt(decimals);
  const whole = (v / base).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = decimals > 0 ? '.' + (v % base).toString().padStart(decimals, '0') : '';
  return (negative ? '-' : '') + whole + frac;
}

/** "1,234.50 PHP": the amount with its currency code. */
export function formatMoney(minor: number | bigint, currency: string, decimals = 2): string {
  return `${formatMinor(minor, decimals)} ${currency}`;
}

/**
 * Reads a decimal amount typed by a person ("1,234.5") into minor units, or
 * undefined when it is not an amount with at most `decimals` places. Digits
 * only: no floats, no exponents.
 */
export function parseMinor(text: string, decimals = 2): bigint | undefined {
  const s = text.trim().replace(/,/g, '');
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[3] ?? '').length > decimals) return undefined;
  const v = BigInt(m[2] + (m[3] ?? '').padEnd(decimals, '0'));
  return m[1] ? -v : v;
}
