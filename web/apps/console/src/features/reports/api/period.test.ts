import { expect, test } from 'vitest';
import { addDays, changePct, isPeriodValid, periodDays, presetOf, presetPeriod, previousPeriod, todayIn } from './period';

test('the previous period has the same length and ends the day before', () => {
  expect(previousPeriod({ from: '2026-11-20', to: '2026-11-21' })).toEqual({ from: '2026-11-18', to: '2026-11-19' });
  expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  expect(previousPeriod({ from: '2024-03-01', to: '2024-03-01' })).toEqual({ from: '2024-02-29', to: '2024-02-29' });
  expect(periodDays({ from: '2026-10-01', to: '2026-10-31' })).toBe(31);
  // A daylight-saving change (Europe, 2026-03-29) moves no day.
  expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
});

test("today is the brand's day, not the browser's", () => {
  const now = new Date('2026-11-26T17:30:00Z'); // 01:30 on the 27th in Manila, still the 26th in New York
  expect(todayIn('Asia/Manila', now)).toBe('2026-11-27');
  expect(todayIn('America/New_York', now)).toBe('2026-11-26');
  expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('presets count from today in the brand zone', () => {
  const now = new Date('2026-12-31T16:30:00Z'); // 2027-01-01 00:30 in Manila
  const z = 'Asia/Manila';
  expect(presetPeriod('today', z, now)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  expect(presetPeriod('yesterday', z, now)).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  expect(presetPeriod('last7', z, now)).toEqual({ from: '2026-12-26', to: '2027-01-01' });
  expect(presetPeriod('last30', z, now)).toEqual({ from: '2026-12-03', to: '2027-01-01' });
  expect(presetPeriod('thisMonth', z, now)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  expect(presetPeriod('lastMonth', z, now)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  expect(presetPeriod('lastMonth', 'UTC', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  expect(presetOf({ from: '2026-12-26', to: '2027-01-01' }, z, now)).toBe('last7');
  expect(presetOf({ from: '2026-12-25', to: '2027-01-01' }, z, now)).toBeUndefined();
});

test("a period follows the server's rules", () => {
  expect(isPeriodValid({ from: '2026-01-01', to: '2026-12-31' })).toBe(true);
  expect(isPeriodValid({ from: '2024-01-01', to: '2024-12-31' })).toBe(true); // 366 days
  expect(isPeriodValid({ from: '2024-01-01', to: '2025-01-01' })).toBe(false);
  expect(isPeriodValid({ from: '2026-11-02', to: '2026-11-01' })).toBe(false);
  expect(isPeriodValid({ from: '2026-02-30', to: '2026-03-01' })).toBe(false);
  expect(isPeriodValid({ from: '', to: '2026-03-01' })).toBe(false);
});

test('the change against the previous period', () => {
  expect(changePct(150, 100)).toBe(50);
  expect(changePct(50, 100)).toBe(-50);
  expect(changePct(-50, -100)).toBe(50);
  expect(changePct(1, 3)).toBe(-66.7);
  expect(changePct(0, 0)).toBe(0);
  expect(changePct(5, 0)).toBeNull();
});
