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

/** Date -> "yyyy-MM-dd HH:mm:ss" in local time. */
export function formatDateTime(input: number | string | Date): string {
  const d = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
