// Crash flight maths, the browser twin of internal/inhouse/crash: the server
// sends no per-tick messages, only when a round started (startedAt) and its
// own clock (serverTime), so every client animates the same curve from the
// same formula. Multipliers are integer hundredths (100 = 1.00x).

/** Growth rate per millisecond of flight: MultiplierAt(ms) = floor(100 * e^(RATE * ms)). */
export const RATE = 0.00006;

/** The multiplier (hundredths) after `ms` milliseconds of flight. */
export function multiplierAt(ms: number): number {
  if (!(ms > 0)) return 100;
  // Go counts whole milliseconds (Duration.Milliseconds truncates).
  return Math.floor(100 * Math.exp(RATE * Math.floor(ms)));
}

/** Milliseconds of flight until the multiplier reaches `point` hundredths (inverse of multiplierAt, rounded up). */
export function timeTo(point: number): number {
  if (point <= 100) return 0;
  // Like crash.TimeTo: the first whole millisecond at which multiplierAt reaches the point.
  let ms = Math.ceil(Math.log(point / 100) / RATE);
  while (ms > 0 && multiplierAt(ms - 1) >= point) ms--;
  while (multiplierAt(ms) < point) ms++;
  return ms;
}

/** Parses a server time: epoch milliseconds or an RFC 3339 string (any fraction digits). NaN when unreadable. */
export function parseServerTime(v: string | number | null | undefined): number {
  if (typeof v === 'number') return v;
  if (!v) return NaN;
  // Go writes nanoseconds; Date.parse wants at most milliseconds.
  const trimmed = v.replace(/(\.\d{3})\d+/, '$1');
  return Date.parse(trimmed);
}

/**
 * The offset to add to the local clock to get the server's clock, measured
 * when a message stamped with serverTime arrived at local time `receivedAt`.
 * Half the round trip is unknown, so the offset errs late by at most the
 * one-way delay: the curve is never ahead of the server's own.
 */
export function clockOffset(serverTime: string | number, receivedAt: number): number {
  const s = parseServerTime(serverTime);
  return Number.isFinite(s) ? s - receivedAt : 0;
}

/** Flight time (ms) at local time `now` of a round that started at `startedAt` (server clock). */
export function elapsedSince(startedAt: string | number, now: number, offset: number): number {
  const s = parseServerTime(startedAt);
  if (!Number.isFinite(s)) return 0;
  return Math.max(0, now + offset - s);
}

/** "2.35×" from hundredths, in integer arithmetic. */
export function formatPoint(hundredths: number): string {
  const h = Math.max(0, Math.trunc(hundredths));
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}×`;
}

/** The win (minor units) of `amount` cashed out at `point` hundredths, floored like the server. */
export function winAt(amount: number, point: number): number {
  if (!(amount > 0) || !(point > 0)) return 0;
  // BigInt: amount * point can pass 2^53 for large stakes at high multipliers.
  return Number((BigInt(Math.trunc(amount)) * BigInt(Math.trunc(point))) / 100n);
}

/** Colour band of a crash point, for the history chips. */
export function pointTier(point: number): 'bust' | 'low' | 'mid' | 'high' | 'moon' {
  if (point < 120) return 'bust';
  if (point < 200) return 'low';
  if (point < 1000) return 'mid';
  if (point < 10000) return 'high';
  return 'moon';
}

/** The y-axis top (hundredths) for a graph showing `current`: grows in steps so the curve keeps room. */
export function axisTop(current: number): number {
  let top = 200;
  while (top < current * 1.15) top = top < 1000 ? top + 100 : top * 2;
  return top;
}
