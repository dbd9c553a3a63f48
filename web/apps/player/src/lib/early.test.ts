import { EARLY_WINDOW_MS, takeEarly } from './early';
import { firstBase } from './cdn';

type Early = { at: number; req: Record<string, Promise<Response> | undefined> };
const g = globalThis as { __palaroEarly?: Early };

afterEach(() => {
  delete g.__palaroEarly;
});

test('an early response is taken once, by exact URL', async () => {
  const res = Promise.resolve(new Response('{}'));
  g.__palaroEarly = { at: 1000, req: { '/wps/system/status': res } };
  expect(takeEarly('/wps/system/status?x=1', 1500)).toBeUndefined();
  expect(takeEarly('/wps/system/status', 1500)).toBe(res);
  expect(takeEarly('/wps/system/status', 1500)).toBeUndefined();
});

test('nothing is taken without index.html, or after the boot window', () => {
  expect(takeEarly('/wps/system/status')).toBeUndefined();
  g.__palaroEarly = { at: 0, req: { '/a': Promise.resolve(new Response('{}')) } };
  expect(takeEarly('/a', EARLY_WINDOW_MS + 1)).toBeUndefined();
});

test('above-the-fold images use the first CDN (index.html preloads that URL)', () => {
  expect(firstBase(['/cdn/a/', '/cdn/b'])).toBe('/cdn/a');
  expect(firstBase([])).toBe('');
  expect(firstBase(undefined)).toBe('');
});
