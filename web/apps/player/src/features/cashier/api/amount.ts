// Amount checks done in the browser exactly as the server does them
// (internal/platform/money.Parse, then the method's or the brand's min and
// max), so the player sees the same verdict before sending. Amounts stay
// strings and integer minor units (bigint here): never floats.

export type AmountProblem =
  | { code: 'required' }
  | { code: 'invalid' }
  | { code: 'tooManyDecimals'; decimals: number }
  | { code: 'notPositive' }
  | { code: 'tooLarge' }
  | { code: 'belowMin'; min: bigint }
  | { code: 'aboveMax'; max: bigint }
  | { code: 'aboveBalance'; balance: bigint };

export type ParsedAmount = { ok: true; minor: bigint; text: string } | { ok: false; problem: AmountProblem };

const DIGITS = /^[0-9]*$/;

/** money.Parse: a decimal string in major units -> minor units of a currency with `decimals` decimals. */
export function parseAmount(input: string, decimals: number): ParsedAmount {
  let s = input.trim();
  if (s === '') return { ok: false, problem: { code: 'required' } };
  if (decimals < 0 || decimals > 8 || s.length > 32) return { ok: false, problem: { code: 'invalid' } };
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  const dot = s.indexOf('.');
  const hasDot = dot >= 0;
  let whole = hasDot ? s.slice(0, dot) : s;
  let frac = hasDot ? s.slice(dot + 1) : '';
  if (whole === '' || (hasDot && frac === '') || !DIGITS.test(whole) || !DIGITS.test(frac)) return { ok: false, problem: { code: 'invalid' } };
  // Trailing zeros beyond the currency's decimals are harmless ("1.500").
  if (frac.length > decimals) {
    if (/[^0]/.test(frac.slice(decimals))) return { ok: false, problem: { code: 'tooManyDecimals', decimals } };
    frac = frac.slice(0, decimals);
  }
  frac = frac.padEnd(decimals, '0');
  whole = whole.replace(/^0+/, '');
  if (whole.length + decimals > 18) return { ok: false, problem: { code: 'tooLarge' } };
  const v = BigInt('0' + whole + frac);
  if (v === 0n || neg) return { ok: false, problem: { code: 'notPositive' } };
  return { ok: true, minor: v, text: input.trim() };
}

export type AmountLimits = { decimals: number; min?: number; max?: number; balance?: number };

/** Parse plus the bounds: min, max (and the balance for withdrawals, which the server refuses too). */
export function checkAmount(input: string, limits: AmountLimits): ParsedAmount {
  const p = parseAmount(input, limits.decimals);
  if (!p.ok) return p;
  if (limits.min !== undefined && limits.min > 0 && p.minor < BigInt(limits.min)) return { ok: false, problem: { code: 'belowMin', min: BigInt(limits.min) } };
  if (limits.max !== undefined && limits.max > 0 && p.minor > BigInt(limits.max)) return { ok: false, problem: { code: 'aboveMax', max: BigInt(limits.max) } };
  if (limits.balance !== undefined && p.minor > BigInt(limits.balance)) return { ok: false, problem: { code: 'aboveBalance', balance: BigInt(limits.balance) } };
  return p;
}

/** Minor units -> the plain decimal string a request carries (money.Format): 12345, 2 -> "123.45". */
export function minorToText(v: number | bigint, decimals: number): string {
  let n = typeof v === 'bigint' ? v : BigInt(Math.trunc(v));
  const neg = n < 0n;
  if (neg) n = -n;
  let s = n.toString();
  if (decimals > 0) {
    s = s.padStart(decimals + 1, '0');
    s = `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
  }
  return (neg ? '-' : '') + s;
}
