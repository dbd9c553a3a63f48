import { vi } from 'vitest';
import { ApiError } from './envelope';
import { createClient } from './client';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

test('sends the token, the language and the idempotency key, and unwraps the value', async () => {
  const fetch = answer(200, { success: true, code: 'ok', message: '', value: { n: 1 } });
  const c = createClient({ token: () => 't1', language: () => 'TY', fetch });
  await expect(c.post('/ops/v1/x', { a: 1 }, { idempotencyKey: 'k1', params: { page: 2, q: '' } })).resolves.toEqual({ n: 1 });
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/ops/v1/x?page=2');
  expect(init.headers).toMatchObject({ Authorization: 'Bearer t1', 'X-Lang': 'TY', 'Idempotency-Key': 'k1', 'Content-Type': 'application/json' });
  expect(init.body).toBe('{"a":1}');
});

test('a failure envelope throws ApiError with its code; a dead session calls back once', async () => {
  const dead = vi.fn();
  const c = createClient({ token: () => 't1', fetch: answer(401, { success: false, code: 'operator.session_expired', message: 'gone', value: null }), unauthorizedCodes: new Set(['operator.session_expired']), onUnauthorized: dead });
  const err = await c.get('/ops/v1/me').catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ code: 'operator.session_expired', status: 401, message: 'gone' });
  expect(dead).toHaveBeenCalledWith('operator.session_expired');
});

test('no answer at all is network.offline; a non-JSON answer is server.*', async () => {
  const off = createClient({ token: () => null, fetch: vi.fn(async () => Promise.reject(new TypeError('down'))) });
  await expect(off.get('/x')).rejects.toMatchObject({ code: 'network.offline' });
  const html = createClient({ token: () => null, fetch: vi.fn(async () => new Response('<html>', { status: 502 })) });
  await expect(html.get('/x')).rejects.toMatchObject({ code: 'server.internal', status: 502 });
});
