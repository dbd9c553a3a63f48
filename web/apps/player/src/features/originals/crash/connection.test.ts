import { connectCrash, crashProtocols, crashSocketUrl, parseFrame } from './connection';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(
    public url: string,
    public protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

test('URL and subprotocols: the token only as a subprotocol', () => {
  expect(crashSocketUrl({ protocol: 'https:', host: 'x.example' })).toBe('wss://x.example/wps/inhouse/crash/ws');
  expect(crashProtocols('tok')).toEqual(['palaro.v1', 'bearer.tok']);
  expect(crashProtocols(undefined)).toEqual(['palaro.v1']);
});

test('a frame may carry several messages, one per line; junk lines are dropped', () => {
  const frame = ['{"type":"bet","bet":{"player":"a","amount":1},"at":5}', 'garbage', '', '{"type":"nope"}', '{"type":"crashed","round":{"id":1,"point":150,"hash":"h"}}'].join('\n');
  expect(parseFrame(frame).map((m) => m.type)).toEqual(['bet', 'crashed']);
  expect(parseFrame(new ArrayBuffer(2))).toEqual([]);
});

test('messages reach the table; a drop asks GET state and reconnects with backoff; close stops it', async () => {
  const onMessage = vi.fn();
  const onDown = vi.fn();
  const status: string[] = [];
  const conn = connectCrash({ token: 't1', onMessage, onDown, onStatus: (s) => status.push(s), url: 'ws://test/ws', Socket: FakeSocket as never, now: () => 42 });
  expect(FakeSocket.all).toHaveLength(1);
  const first = FakeSocket.all[0];
  first.onopen?.();
  first.onmessage?.({ data: '{"type":"betting","round":{"id":3,"status":"BETTING"}}\n{"type":"bet","bet":{"player":"p","amount":2}}' });
  expect(onMessage).toHaveBeenCalledTimes(2);
  expect(onMessage.mock.calls[0][1]).toBe(42);
  first.onclose?.({ code: 1006 });
  expect(onDown).toHaveBeenCalledTimes(1);
  expect(status).toEqual(['connecting', 'open', 'down']);
  await vi.advanceTimersByTimeAsync(1300);
  expect(FakeSocket.all).toHaveLength(2);
  conn.close();
  expect(FakeSocket.all[1].closed).toBe(true);
  FakeSocket.all[1].onclose?.({ code: 1006 });
  await vi.advanceTimersByTimeAsync(60000);
  expect(FakeSocket.all).toHaveLength(2);
});

test('reconnectNow skips the wait while down', () => {
  const conn = connectCrash({ onMessage: () => {}, url: 'ws://test/ws', Socket: FakeSocket as never });
  FakeSocket.all[0].onclose?.({ code: 1006 });
  conn.reconnectNow();
  expect(FakeSocket.all).toHaveLength(2);
  conn.close();
});
