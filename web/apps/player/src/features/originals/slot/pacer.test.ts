import { countUpMs, Pacer } from './pacer';

function fakeFrames() {
  let t = 0;
  const queue: ((t: number) => void)[] = [];
  return {
    raf: (cb: (t: number) => void) => queue.push(cb),
    cancel: () => {},
    advance(ms: number) {
      t += ms;
      const cbs = queue.splice(0);
      cbs.forEach((cb) => cb(t));
    },
  };
}

test('count-up reaches the exact amount in whole numbers, ticking on the way', async () => {
  const f = fakeFrames();
  const p = new Pacer(f.raf, f.cancel);
  const seen: number[] = [];
  const tick = vi.fn();
  const done = p.countUp(12345, 1000, (v) => seen.push(v), tick);
  for (let i = 0; i < 80; i++) f.advance(16);
  await done;
  expect(seen[seen.length - 1]).toBe(12345);
  expect(seen.every((v) => Number.isInteger(v))).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(tick).toHaveBeenCalled();
});

test('skip ends a count-up at its final value, and a wait early', async () => {
  const f = fakeFrames();
  const p = new Pacer(f.raf, f.cancel);
  let v = 0;
  const done = p.countUp(500, 5000, (x) => (v = x));
  f.advance(16);
  expect(p.skip()).toBe(true);
  await done;
  expect(v).toBe(500);
  vi.useFakeTimers();
  const w = p.wait(10_000);
  p.skip();
  await w;
  vi.useRealTimers();
  expect(p.skip()).toBe(false);
});

test('end() releases every wait and later ones resolve at once', async () => {
  const p = new Pacer(() => 0, () => {});
  const w = p.untilSkipped();
  p.end();
  await w;
  expect(p.over).toBe(true);
  await p.wait(100000);
});

test('bigger wins count longer, within bounds', () => {
  expect(countUpMs(0)).toBe(0);
  expect(countUpMs(10000)).toBeGreaterThanOrEqual(600);
  expect(countUpMs(500000)).toBeGreaterThan(countUpMs(20000));
  expect(countUpMs(1e9)).toBe(3000);
});
