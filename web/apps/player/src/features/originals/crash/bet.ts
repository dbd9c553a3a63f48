// Crash bet panel rules, checked in the browser before anything is sent (the
// server checks them again): an amount within the table limits and the
// balance, and an optional auto cash-out target between 1.01x and 10000x.

export const AUTO_MIN = 101;
export const AUTO_MAX = 1_000_000;

export type AutoParse = { ok: true; value: number | null } | { ok: false; error: 'autoFormat' | 'autoMin' | 'autoMax' };

/** "2", "2.5", "2.50", "2,50" → hundredths (200, 250, 250, 250); "" → null (no auto cash-out). Integer maths only. */
export function parseAutoCashout(input: string): AutoParse {
  const s = input.trim().replace(',', '.').replace(/[x×]$/i, '');
  if (s === '') return { ok: true, value: null };
  const m = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return { ok: false, error: 'autoFormat' };
  const v = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (v < AUTO_MIN) return { ok: false, error: 'autoMin' };
  if (v > AUTO_MAX) return { ok: false, error: 'autoMax' };
  return { ok: true, value: v };
}

export type BetCheck =
  | { ok: true }
  | { ok: false; error: 'amountRequired' | 'belowMin' | 'aboveMax' | 'insufficient' | 'autoFormat' | 'autoMin' | 'autoMax' };

/** Checks a bet before sending: amount in minor units, limits in minor units, balance null when unknown. */
export function checkBet(amount: number | null, auto: string, limits: { minBet?: number; maxBet?: number }, balance: number | null): BetCheck {
  if (amount === null || !Number.isInteger(amount) || amount <= 0) return { ok: false, error: 'amountRequired' };
  if (limits.minBet && amount < limits.minBet) return { ok: false, error: 'belowMin' };
  if (limits.maxBet && amount > limits.maxBet) return { ok: false, error: 'aboveMax' };
  if (balance !== null && amount > balance) return { ok: false, error: 'insufficient' };
  const a = parseAutoCashout(auto);
  if (!a.ok) return a;
  return { ok: true };
}
