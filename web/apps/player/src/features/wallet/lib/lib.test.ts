import { minorToDecimal, parseAmount } from './amount';
import { addDays, atToday, clampRange, formatInZone, isDay, matchingPreset, presetRange, rangeDays, shiftRange, todayIn, MAX_RANGE_DAYS } from './dateRange';

describe('amounts', () => {
  test('decimal strings become minor units without floats', () => {
    expect(parseAmount('100.50', 2)).toEqual({ ok: true, minor: 10050n, text: '100.50' });
    expect(parseAmount('1,234.5', 2)).toEqual({ ok: true, minor: 123450n, text: '1234.50' });
    expect(parseAmount(' 7 ', 2)).toEqual({ ok: true, minor: 700n, text: '7.00' });
    expect(parseAmount('0.1', 2)).toEqual({ ok: true, minor: 10n, text: '0.10' });
    expect(parseAmount('12.300', 2)).toEqual({ ok: true, minor: 1230n, text: '12.30' });
    expect(parseAmount('90071992547409.93', 2)).toMatchObject({ ok: true, minor: 9007199254740993n });
    expect(parseAmount('5', 0)).toEqual({ ok: true, minor: 5n, text: '5' });
  });

  test('bad amounts are named', () => {
    expect(parseAmount('', 2)).toEqual({ ok: false, error: 'required' });
    expect(parseAmount('abc', 2)).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('-5', 2)).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('1e3', 2)).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('1.234', 2)).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(parseAmount('1.5', 0)).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(parseAmount('0.00', 2)).toEqual({ ok: false, error: 'notPositive' });
  });

  test('minor units back to a plain decimal', () => {
    expect(minorToDecimal(1_000_000, 2)).toBe('10000.00');
    expect(minorToDecimal(7, 2)).toBe('0.07');
    expect(minorToDecimal(-150n, 2)).toBe('-1.50');
    expect(minorToDecimal(42, 0)).toBe('42');
  });
});

describe('date ranges (spec section 9: presets next and previous 7 and 30 days)', () => {
  const today = '2026-11-22';

  test('presets end today', () => {
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('last7', today)).toEqual({ from: '2026-11-16', to: today });
    expect(presetRange('last30', today)).toEqual({ from: '2026-10-24', to: today });
    expect(rangeDays(presetRange('last30', today))).toBe(30);
    expect(matchingPreset({ from: '2026-11-16', to: today }, today)).toBe('last7');
    expect(matchingPreset({ from: '2026-11-15', to: today }, today)).toBeUndefined();
  });

  test('previous 7 / 30 move the window back, keeping its length', () => {
    const r = presetRange('last7', today);
    expect(shiftRange(r, -7, today)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(shiftRange(r, -30, today)).toEqual({ from: '2026-10-17', to: '2026-10-23' });
  });

  test('next 7 / 30 move forward but never past today', () => {
    const r = { from: '2026-10-01', to: '2026-10-07' };
    expect(shiftRange(r, 7, today)).toEqual({ from: '2026-10-08', to: '2026-10-14' });
    expect(shiftRange(r, 30, today)).toEqual({ from: '2026-10-31', to: '2026-11-06' });
    expect(shiftRange({ from: '2026-11-10', to: '2026-11-16' }, 30, today)).toEqual({ from: '2026-11-16', to: today });
    expect(atToday(presetRange('last7', today), today)).toBe(true);
    expect(atToday(r, today)).toBe(false);
  });

  test('month and year boundaries, leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-01-03', -7)).toBe('2025-12-27');
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-11-22')).toBe(true);
    expect(isDay('22-11-2026')).toBe(false);
  });

  test('clamping: not after today, from <= to, at most 90 days', () => {
    expect(clampRange({ from: '2026-11-20', to: '2026-12-05' }, today)).toEqual({ from: '2026-11-20', to: today });
    expect(clampRange({ from: '2026-11-21', to: '2026-11-10' }, today)).toEqual({ from: '2026-11-10', to: '2026-11-10' });
    const long = clampRange({ from: '2026-01-01', to: today }, today);
    expect(long.to).toBe(today);
    expect(rangeDays(long)).toBe(MAX_RANGE_DAYS);
  });
});

describe('brand time zone', () => {
  test("today is the brand's calendar day, not the browser's", () => {
    const lateUtc = new Date(Date.UTC(2026, 10, 22, 17, 30)); // 01:30 on the 23rd in Manila
    expect(todayIn('Asia/Manila', lateUtc)).toBe('2026-11-23');
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-22');
    expect(todayIn('Not/AZone', lateUtc)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  test('times are shown in the brand time zone', () => {
    expect(formatInZone(Date.UTC(2026, 10, 22, 17, 30, 5), 'Asia/Manila')).toBe('2026-11-23 01:30:05');
    expect(formatInZone(Date.UTC(2026, 0, 1, 0, 0, 0), 'UTC')).toBe('2026-01-01 00:00:00');
    // No zone given: the brand's (Asia/Manila until boot sets another), never the browser's.
    expect(formatInZone(0, undefined)).toBe('1970-01-01 08:00:00');
  });
});
