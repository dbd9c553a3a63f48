import { checkBet, parseAutoCashout } from './bet';

test('auto cash-out text → hundredths, integers only', () => {
  expect(parseAutoCashout('')).toEqual({ ok: true, value: null });
  expect(parseAutoCashout('2')).toEqual({ ok: true, value: 200 });
  expect(parseAutoCashout('2.5')).toEqual({ ok: true, value: 250 });
  expect(parseAutoCashout(' 2,50x ')).toEqual({ ok: true, value: 250 });
  expect(parseAutoCashout('1.01')).toEqual({ ok: true, value: 101 });
  expect(parseAutoCashout('10000')).toEqual({ ok: true, value: 1_000_000 });
  expect(parseAutoCashout('1')).toEqual({ ok: false, error: 'autoMin' });
  expect(parseAutoCashout('10000.01')).toEqual({ ok: false, error: 'autoMax' });
  expect(parseAutoCashout('2.555')).toEqual({ ok: false, error: 'autoFormat' });
  expect(parseAutoCashout('abc')).toEqual({ ok: false, error: 'autoFormat' });
  expect(parseAutoCashout('-2')).toEqual({ ok: false, error: 'autoFormat' });
});

test('bet checks: amount, limits, balance, then the auto target', () => {
  const limits = { minBet: 100, maxBet: 100000 };
  expect(checkBet(null, '', limits, 1000)).toEqual({ ok: false, error: 'amountRequired' });
  expect(checkBet(50, '', limits, 1000)).toEqual({ ok: false, error: 'belowMin' });
  expect(checkBet(200000, '', limits, null)).toEqual({ ok: false, error: 'aboveMax' });
  expect(checkBet(2000, '', limits, 1000)).toEqual({ ok: false, error: 'insufficient' });
  expect(checkBet(500, '0.5', limits, 1000)).toEqual({ ok: false, error: 'autoMin' });
  expect(checkBet(500, '3', limits, 1000)).toEqual({ ok: true });
  expect(checkBet(500, '', limits, null)).toEqual({ ok: true });
});
