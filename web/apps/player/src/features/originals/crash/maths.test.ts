import { axisTop, clockOffset, elapsedSince, formatPoint, multiplierAt, parseServerTime, pointTier, timeTo, winAt } from './maths';

describe('crash multiplier (internal/inhouse/crash twin)', () => {
  test('1.00x at the start, 2x after 11.553 s, 10x after 38.38 s (docs/games/crash.md)', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-50)).toBe(100);
    expect(multiplierAt(11552)).toBe(199);
    expect(multiplierAt(11553)).toBe(200);
    expect(timeTo(200)).toBe(11553);
    expect(timeTo(1000)).toBe(38377); // ln(10) / 0.00006 = 38376.17 ms
    expect(timeTo(100)).toBe(0);
  });

  test('whole milliseconds, like Go Duration.Milliseconds', () => {
    expect(multiplierAt(11552.99)).toBe(199);
  });

  test('timeTo is the first millisecond reaching the point, for many points', () => {
    for (const p of [101, 105, 150, 233, 1000, 12345, 100000]) {
      const ms = timeTo(p);
      expect(multiplierAt(ms)).toBeGreaterThanOrEqual(p);
      expect(multiplierAt(ms - 1)).toBeLessThan(p);
    }
  });
});

describe('server clock', () => {
  test('epoch ms and RFC 3339 with nanoseconds', () => {
    expect(parseServerTime(1700000000123)).toBe(1700000000123);
    expect(parseServerTime('2026-11-22T08:00:00.123456789Z')).toBe(Date.UTC(2026, 10, 22, 8, 0, 0, 123));
    expect(Number.isNaN(parseServerTime('nope'))).toBe(true);
    expect(Number.isNaN(parseServerTime(undefined))).toBe(true);
  });

  test('the offset turns local time into server time: a fast local clock still draws the server curve', () => {
    // The server says 10:00:00.000 when our (5 s fast) clock says 10:00:05.000.
    const offset = clockOffset(1_000_000, 1_005_000);
    expect(offset).toBe(-5000);
    // The round started at server 999_000: 1 s later on the server is local 1_005_000 + 1000... elapsed 2 s.
    expect(elapsedSince(999_000, 1_006_000, offset)).toBe(2000);
    expect(elapsedSince(999_000, 1_000_000, offset)).toBe(0);
    expect(clockOffset('garbage', 5)).toBe(0);
  });
});

describe('money and display', () => {
  test('win floors like the server and survives huge stakes', () => {
    expect(winAt(1000, 235)).toBe(2350);
    expect(winAt(333, 150)).toBe(499);
    expect(winAt(10_000_000_000, 1_000_000)).toBe(100_000_000_000_000);
    expect(winAt(0, 200)).toBe(0);
  });
  test('formatPoint in integer maths', () => {
    expect(formatPoint(100)).toBe('1.00×');
    expect(formatPoint(235)).toBe('2.35×');
    expect(formatPoint(100000)).toBe('1000.00×');
  });
  test('tiers and axis', () => {
    expect(pointTier(100)).toBe('bust');
    expect(pointTier(150)).toBe('low');
    expect(pointTier(350)).toBe('mid');
    expect(pointTier(5000)).toBe('high');
    expect(pointTier(20000)).toBe('moon');
    expect(axisTop(100)).toBe(200);
    expect(axisTop(190)).toBe(300);
    expect(axisTop(950)).toBeGreaterThanOrEqual(950 * 1.15);
  });
});
