import { afterEach, expect, test } from 'vitest';
import { brandTimeZone, formatDate, formatDateTime, setBrandTimeZone, todayInBrand, zoneOffset } from './format';

// 2026-03-01 16:30:05 UTC is 2026-03-02 00:30:05 in Manila (UTC+8) and
// 2026-03-01 11:30:05 in New York (UTC-5): the same moment on two dates.
const NEAR_MIDNIGHT_MANILA = Date.UTC(2026, 2, 1, 16, 30, 5);

afterEach(() => setBrandTimeZone(undefined));

test('dates are in the brand time zone, whatever the browser zone', () => {
  setBrandTimeZone('Asia/Manila');
  expect(brandTimeZone()).toBe('Asia/Manila');
  expect(formatDateTime(NEAR_MIDNIGHT_MANILA)).toBe('2026-03-02 00:30:05');
  expect(formatDate(NEAR_MIDNIGHT_MANILA)).toBe('2026-03-02');
  expect(formatDateTime(new Date(NEAR_MIDNIGHT_MANILA))).toBe('2026-03-02 00:30:05');
  expect(formatDateTime(new Date(NEAR_MIDNIGHT_MANILA).toISOString())).toBe('2026-03-02 00:30:05');
  expect(todayInBrand(new Date(NEAR_MIDNIGHT_MANILA))).toBe('2026-03-02');
  expect(zoneOffset(new Date(NEAR_MIDNIGHT_MANILA))).toBe('GMT+08:00');
});

test('another brand zone, with daylight saving', () => {
  setBrandTimeZone('America/New_York');
  expect(formatDateTime(NEAR_MIDNIGHT_MANILA)).toBe('2026-03-01 11:30:05');
  expect(zoneOffset(new Date(NEAR_MIDNIGHT_MANILA))).toBe('GMT-05:00');
  expect(zoneOffset(new Date(Date.UTC(2026, 6, 1)))).toBe('GMT-04:00');
  // An explicit zone wins over the brand's.
  expect(formatDateTime(NEAR_MIDNIGHT_MANILA, 'Asia/Manila')).toBe('2026-03-02 00:30:05');
  expect(zoneOffset(new Date(NEAR_MIDNIGHT_MANILA), 'Asia/Kolkata')).toBe('GMT+05:30');
});

test('an unknown zone name is ignored (the default brand zone is used); bad input gives an empty string', () => {
  setBrandTimeZone('Mars/Olympus_Mons');
  expect(brandTimeZone()).toBe('Asia/Manila');
  expect(formatDateTime(NEAR_MIDNIGHT_MANILA)).toBe('2026-03-02 00:30:05');
  expect(formatDateTime('nope')).toBe('');
  expect(formatDate(Number.NaN)).toBe('');
});
