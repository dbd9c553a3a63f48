import type { SlotOutcome, Spin } from './model';
import { autoContinue, featureWin, newSpinIndexes, nextRequest, progress, stepsFor } from './sequence';

const sp = (multiplier: number, freeSpinsAwarded = 0, free = false): Spin => ({
  free,
  stops: [0, 0, 0, 0, 0],
  grid: [],
  lines: [],
  scatter: freeSpinsAwarded ? 3 : 0,
  scatterWin: 0,
  freeSpinsAwarded,
  multiplier,
});
const kinds = (o: SlotOutcome, i: number, amount = 1000) => stepsFor(o, i, amount).map((s) => s.kind);

test('a losing base spin only reveals; a winning one counts up; 15x and more is big', () => {
  expect(kinds({ spins: [sp(0)], freeSpinsLeft: 0 }, 0)).toEqual(['reveal']);
  const steps = stepsFor({ spins: [sp(25000)], freeSpinsLeft: 0 }, 0, 1000);
  expect(steps[1]).toMatchObject({ kind: 'win', amount: 2500, big: false });
  expect(stepsFor({ spins: [sp(150000)], freeSpinsLeft: 0 }, 0, 1000)[1]).toMatchObject({ big: true });
});

test('free spins: trigger, each free spin, retrigger, then the summary after the last', () => {
  const trig = { spins: [sp(20000, 10)], freeSpinsLeft: 10 };
  expect(kinds(trig, 0)).toEqual(['reveal', 'win', 'trigger']);
  expect(nextRequest({ status: 'OPEN', outcome: trig })).toBe('free');

  const mid = { spins: [sp(20000, 10), sp(0, 0, true), sp(10000, 15, true)], freeSpinsLeft: 23 };
  expect(kinds(mid, 1)).toEqual(['reveal']);
  const re = stepsFor(mid, 2, 1000);
  expect(re.map((s) => s.kind)).toEqual(['reveal', 'win', 'trigger']);
  expect(re[2]).toMatchObject({ retrigger: true, awarded: 15 });

  const done = { spins: [sp(20000, 10), sp(0, 0, true), sp(10000, 0, true)], freeSpinsLeft: 0 };
  const last = stepsFor(done, 2, 1000);
  expect(last.map((s) => s.kind)).toEqual(['reveal', 'win', 'summary']);
  expect(last[2]).toMatchObject({ total: 1000, spins: 2 });
  expect(nextRequest({ status: 'COMPLETED', outcome: done })).toBeNull();
  expect(nextRequest({ status: 'OPEN', outcome: done })).toBeNull();
  expect(featureWin(done, 1000)).toBe(1000);
});

test('progress counts played and left free spins', () => {
  expect(progress({ spins: [sp(0)], freeSpinsLeft: 0 })).toEqual({ played: 0, left: 0, total: 0, inFeature: false });
  expect(progress({ spins: [sp(0, 10), sp(0), sp(0)], freeSpinsLeft: 8 })).toEqual({ played: 2, left: 8, total: 10, inFeature: true });
});

test('new spins since the last answer', () => {
  const a = { spins: [sp(0), sp(0)], freeSpinsLeft: 3 };
  const b = { spins: [sp(0), sp(0), sp(0)], freeSpinsLeft: 2 };
  expect(newSpinIndexes(a, b)).toEqual([2]);
  expect(newSpinIndexes(undefined, b)).toEqual([0, 1, 2]);
});

test('autoplay stops when spins or money run out', () => {
  expect(autoContinue({ left: 3, balance: 5000, amount: 100, stopOnFeature: false, hadFeature: false })).toBe(true);
  expect(autoContinue({ left: 0, balance: 5000, amount: 100, stopOnFeature: false, hadFeature: false })).toBe(false);
  expect(autoContinue({ left: 3, balance: 50, amount: 100, stopOnFeature: false, hadFeature: false })).toBe(false);
  expect(autoContinue({ left: 3, balance: null, amount: 100, stopOnFeature: true, hadFeature: true })).toBe(false);
});
