import { plotFor, xAt, xTicks, yAt, yTicks } from './draw';

test('the plot maps time and multiplier into the box, leaving room ahead of the tip', () => {
  const p = plotFor(800, 450, 20000, 332);
  expect(xAt(p, 0)).toBe(p.left);
  expect(xAt(p, 20000)).toBeLessThan(800 - p.right);
  expect(yAt(p, 100)).toBe(450 - p.bottom);
  expect(yAt(p, 332)).toBeGreaterThan(p.top);
  expect(p.yTop).toBeGreaterThanOrEqual(332 * 1.15);
});

test('ticks stay inside the axes and are few', () => {
  const p = plotFor(390, 290, 60000, 3700);
  const ys = yTicks(p);
  expect(ys.length).toBeGreaterThan(1);
  expect(ys.length).toBeLessThanOrEqual(6);
  ys.forEach((v) => expect(v).toBeLessThan(p.yTop));
  const xs = xTicks(p);
  xs.forEach((s) => expect(s * 1000).toBeLessThan(p.spanMs));
  expect(p.left).toBeLessThan(52); // compact on a phone
});
