// Amounts typed by the player: a decimal string in major units, checked and
// converted to integer minor units without floats (the server parses again).

export type AmountCheck =
  | { ok: true; minor: bigint; text: string }
  | { ok: false; error: 'required' | 'invalid' | 'tooManyDecimals' | 'notPositive' };

/** "1,234.5" -> 123450n (decimals 2). Thousands separators and spaces are ignored. */
export function parseAmount(input: string, decimals: number): AmountCheck {
  const text = input.replace(/[\s,]/g, '');
  if (!text) return { ok: false, error: 'required' };
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return { ok: false, error: 'invalid' };
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return { ok: false, error: 'tooManyDecimals' };
  const minor = BigInt(m[1]) * 10n ** BigInt(decimals) + (decimals > 0 ? BigInt(frac.padEnd(decimals, '0') || '0') : 0n);
  if (minor <= 0n) return { ok: false, error: 'notPositive' };
  return { ok: true, minor, text: minorToDecimal(minor, decimals) };
}

/** 123450n (decimals 2) -> "1234.50": plain decimal for inputs and requests. */
export function minorToDecimal(minor: bigint | number, decimals: number): string {
  let v = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  const neg = v < 0n;
  if (neg) v = -v;
  const base = 10n ** BigInt(decimals);
  const whole = (v / base).toString();
  const frac = decimals > 0 ? '.' + (v % base).toString().padStart(decimals, '0') : '';
  return (neg ? '-' : '') + whole + frac;
}
