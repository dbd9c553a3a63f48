import { formatMinor, formatDateTime } from './format';

test('formats minor units with 2 decimals and thousands separators', () => {
  expect(formatMinor(0)).toBe('0.00');
  expect(formatMinor(5)).toBe('0.05');
  expect(formatMinor(123456789)).toBe('1,234,567.89');
  expect(formatMinor(-100000)).toBe('-1,000.00');
  expect(formatMinor(9007199254740993n)).toBe('90,071,992,547,409.93');
});

test('formats date time as yyyy-MM-dd HH:mm:ss', () => {
  expect(formatDateTime(new Date(Date.UTC(2026, 0, 1, 19, 4, 5)))).toBe('2026-01-02 03:04:05'); // Manila, the default brand zone
  expect(formatDateTime('nope')).toBe('');
});
