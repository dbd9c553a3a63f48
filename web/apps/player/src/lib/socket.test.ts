import { backoffDelay, CLOSE_SESSION_ENDED, socketUrl, startSocket, stopSocket, subscribe } from './socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
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
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  stopSocket();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('the URL follows the page scheme and the token goes as a subprotocol, never in the URL', async () => {
  expect(socketUrl({ protocol: 'https:', host: 'palaro.example' })).toBe('wss://palaro.example/wps/ws');
  startSocket('tok-9');
  await vi.advanceTimersByTimeAsync(2500);
  expect(FakeSocket.all).toHaveLength(1);
  expect(FakeSocket.all[0].url).not.toContain('tok-9');
  expect(FakeSocket.all[0].protocols).toEqual(['palaro.v1', 'bearer.tok-9']);
});

test('events reach subscribers by type; a dropped socket reconnects with backoff; 4001 stops it', async () => {
  const balance = vi.fn();
  const opened = vi.fn();
  const offB = subscribe('balance', balance);
  const offO = subscribe('open', opened);
  startSocket('tok-9');
  await vi.advanceTimersByTimeAsync(2500);
  const first = FakeSocket.all[0];
  first.onopen?.();
  expect(opened).toHaveBeenCalledTimes(1);
  first.onmessage?.({ data: JSON.stringify({ type: 'balance', data: { amount: 1 }, at: 1 }) });
  first.onmessage?.({ data: 'not json' });
  expect(balance).toHaveBeenCalledWith({ type: 'balance', data: { amount: 1 }, at: 1 });

  first.onclose?.({ code: 1006 });
  await vi.advanceTimersByTimeAsync(backoffDelay(0, () => 1) + 10);
  expect(FakeSocket.all).toHaveLength(2);

  FakeSocket.all[1].onclose?.({ code: CLOSE_SESSION_ENDED });
  await vi.advanceTimersByTimeAsync(60_000);
  expect(FakeSocket.all).toHaveLength(2);
  offB();
  offO();
});

test('stopSocket (logout) closes the socket and cancels reconnects', async () => {
  startSocket('tok-9');
  await vi.advanceTimersByTimeAsync(2500);
  const s = FakeSocket.all[0];
  stopSocket();
  expect(s.closed).toBe(true);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(FakeSocket.all).toHaveLength(1);
});

test('backoff grows and caps', () => {
  const r = () => 0;
  expect([0, 1, 2, 3, 4, 9].map((n) => backoffDelay(n, r))).toEqual([1000, 2000, 5000, 10000, 30000, 30000]);
});
