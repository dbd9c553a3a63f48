import { anticipation, normaliseConfig, normaliseOutcome, reelTape, spinWin, windowAt } from './model';

test('the server config (names, freeSpins) normalises; numeric symbol keys map to names', () => {
  const c = normaliseConfig({ profile: '94', symbols: ['WILD', 'SCATTER', 'JEEPNEY'], paytable: { JEEPNEY: [0, 0, 0, 400000, 1500000, 5000000], '0': [0, 0, 0, 1, 2, 3] }, freeSpins: [0, 0, 0, 8, 12, 16] });
  expect(c.profile).toBe('94');
  expect(c.paytable.JEEPNEY[5]).toBe(5000000);
  expect(c.paytable.WILD).toEqual([0, 0, 0, 1, 2, 3]);
  // "10" is a symbol name, not index 10.
  const ten = normaliseConfig({ symbols: ['WILD', 'SCATTER', 'A', '10'], paytable: { '10': [0, 0, 0, 50000, 150000, 600000] } });
  expect(ten.paytable['10'][5]).toBe(600000);
  expect(c.freeSpinAwards).toEqual([0, 0, 0, 8, 12, 16]);
  expect(c.paylines).toHaveLength(20);
  expect(normaliseConfig(undefined).symbols).toContain('SAMPAGUITA');
});

test('strips in either shape', () => {
  const five = (s: string) => Array.from({ length: 5 }, () => [s, s, s, s]);
  expect(normaliseConfig({ strips: { base: five('A'), free: five('K') } }).freeStrips?.[0][0]).toBe('K');
  expect(normaliseConfig({ strips: five('A') }).strips?.[4][3]).toBe('A');
  expect(normaliseConfig({ strips: { base: [['A']] } }).strips).toBeUndefined();
});

test('spins from the wire: symbol numbers become names, missing parts default', () => {
  const o = normaliseOutcome({ spins: [{ stops: [1, 2, 3, 4, 5], grid: [[0, 1, 2], [5, 6, 7], [8, 9, 0], [1, 1, 1], [2, 2, 2]], lines: [{ line: 3, symbol: 2, count: 3, multiplier: 20000 }], multiplier: 20000 }], freeSpinsLeft: 4 }, [
    'WILD', 'SCATTER', 'JEEPNEY', 'CARABAO', 'SAMPAGUITA', 'A', 'K', 'Q', 'J', '10',
  ]);
  expect(o.freeSpinsLeft).toBe(4);
  expect(o.spins[0].grid[0]).toEqual(['WILD', 'SCATTER', 'JEEPNEY']);
  expect(o.spins[0].grid[2]).toEqual(['J', '10', 'WILD']);
  expect(o.spins[0].lines[0].symbol).toBe('JEEPNEY');
  expect(o.spins[0].scatter).toBe(0);
  expect(normaliseOutcome(null, []).spins).toEqual([]);
});

test('reel stop mapping: the window reads the strip down from the stop, wrapping', () => {
  const strip = ['A', 'K', 'Q', 'J', '10'];
  expect(windowAt(strip, 0)).toEqual(['A', 'K', 'Q']);
  expect(windowAt(strip, 3)).toEqual(['J', '10', 'A']);
  expect(windowAt(strip, 9)).toEqual(['10', 'A', 'K']);
  expect(windowAt(strip, -1)).toEqual(['10', 'A', 'K']);
});

test('the tape ends on the target window and, with the strip, rolls the real strip below it', () => {
  const strip = ['A', 'K', 'Q', 'J', '10', 'WILD'];
  const target = windowAt(strip, 4); // 10 WILD A
  const tape = reelTape(target, ['x', 'y', 'z'], 4, { strip, stop: 4, pool: [], seed: 1 });
  expect(tape.slice(0, 3)).toEqual(['10', 'WILD', 'A']);
  expect(tape.slice(3, 7)).toEqual(['K', 'Q', 'J', '10']);
  expect(tape.slice(7)).toEqual(['x', 'y', 'z']);
  const random = reelTape(['A', 'A', 'A'], [], 8, { pool: ['Q', 'K', '?'], seed: 7 });
  expect(random).toHaveLength(11);
  expect(random.slice(3).every((s) => s === 'Q' || s === 'K')).toBe(true);
  expect(reelTape(['A', 'A', 'A'], [], 8, { pool: ['Q', 'K'], seed: 7 })).toEqual(reelTape(['A', 'A', 'A'], [], 8, { pool: ['Q', 'K'], seed: 7 }));
});

test('anticipation: reels after two scatters wait longer', () => {
  const g = [['SCATTER', 'A', 'K'], ['A', 'K', 'Q'], ['Q', 'SCATTER', 'A'], ['A', 'A', 'A'], ['K', 'K', 'K']];
  expect(anticipation(g)).toEqual([false, false, false, true, true]);
  expect(anticipation([['A'], ['A'], ['A'], ['A'], ['A']])).toEqual([false, false, false, false, false]);
});

test('spin win floors like the server', () => {
  expect(spinWin(1000, 25000)).toBe(2500);
  expect(spinWin(333, 5000)).toBe(166);
  expect(spinWin(100, 0)).toBe(0);
});
