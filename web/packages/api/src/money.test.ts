import { formatMinor, formatMoney, parseMinor } from './money';

test('formats minor units without floats', () => {
  expect(formatMinor(123456789)).toBe('1,234,567.89');
  expect(formatMinor(-5)).toBe('-0.05');
  expect(formatMinor(9007199254740993n)).toBe('90,071,992,547,409.93');
  expect(formatMinor(1234, 0)).toBe('1,234');
  expect(formatMoney(150, 'PHP')).toBe('1.50 PHP');
});

test('reads typed amounts into minor units', () => {
  expect(parseMinor('1,234.5')).toBe(123450n);
  expect(parseMinor('0.01')).toBe(1n);
  expect(parseMinor('-3')).toBe(-300n);
  expect(parseMinor('1.234')).toBeUndefined();
  expect(parseMinor('1e3')).toBeUndefined();
  expect(parseMinor('')).toBeUndefined();
});
