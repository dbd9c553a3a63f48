// The member's websocket (GET /wps/ws, docs/api.md): events pushed by later
// issues (balance, notifications) arrive here. The token travels as the second
// offered subprotocol ("bearer.<token>"), never in the URL. It connects after
// the page has loaded and gone idle (never delaying the first paint),
// reconnects with backoff, and stays closed after close code 4001 (the session
// ended) until the next login.

export type SocketEvent<T = unknown> = { type: string; data: T; at: number };
type Handler = (ev: SocketEvent) => void;

export const SUBPROTOCOL = 'palaro.v1';
/** Close codes (internal/realtime). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_TOO_SLOW = 4008;
export const CLOSE_REPLACED = 4009;
const BACKOFF_MS = [1000, 2000, 5000, 10000, 30000];

const handlers = new Map<string, Set<Handler>>();
let ws: WebSocket | undefined;
let token: string | undefined;
let attempts = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let cancelIdle: (() => void) | undefined;

/** Calls handler for every event of this type ('*' for all; 'open' on each (re)connect, to refetch state). */
export function subscribe<T = unknown>(type: string, handler: (ev: SocketEvent<T>) => void): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}

function emit(ev: SocketEvent) {
  for (const h of handlers.get(ev.type) ?? []) safe(h, ev);
  if (ev.type !== 'open') for (const h of handlers.get('*') ?? []) safe(h, ev);
}
function safe(h: Handler, ev: SocketEvent) {
  try {
    h(ev);
  } catch (e) {
    console.error(e);
  }
}

export function socketUrl(loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/wps/ws`;
}

/** Backoff before reconnect attempt n (0-based), with up to 20 % jitter. */
export function backoffDelay(n: number, rand = Math.random): number {
  const base = BACKOFF_MS[Math.min(n, BACKOFF_MS.length - 1)];
  return Math.round(base * (1 + 0.2 * rand()));
}

/** Opens the socket for this token (after load and idle); a different token replaces the old socket. */
export function startSocket(t: string) {
  if (typeof WebSocket === 'undefined' || !t) return;
  if (token === t && (ws || timer || cancelIdle)) return;
  stopSocket();
  token = t;
  attempts = 0;
  cancelIdle = afterIdle(() => {
    cancelIdle = undefined;
    connect();
  });
}

export function stopSocket() {
  token = undefined;
  cancelIdle?.();
  cancelIdle = undefined;
  clearTimeout(timer);
  timer = undefined;
  const old = ws;
  ws = undefined;
  if (old) {
    old.onclose = null;
    old.onmessage = null;
    old.onerror = null;
    try {
      old.close(1000, 'logout');
    } catch {
      /* ignore */
    }
  }
}

/** True while the socket is open (for tests and diagnostics). */
export function socketOpen(): boolean {
  return ws?.readyState === 1;
}

function connect() {
  if (!token) return;
  const t = token;
  let sock: WebSocket;
  try {
    sock = new WebSocket(socketUrl(), [SUBPROTOCOL, `bearer.${t}`]);
  } catch {
    schedule();
    return;
  }
  ws = sock;
  sock.onopen = () => {
    attempts = 0;
    emit({ type: 'open', data: null, at: Date.now() });
  };
  sock.onmessage = (m) => {
    if (typeof m.data !== 'string') return;
    try {
      const ev = JSON.parse(m.data) as SocketEvent;
      if (ev && typeof ev.type === 'string') emit(ev);
    } catch {
      /* not JSON: ignore */
    }
  };
  sock.onclose = (e) => {
    if (ws !== sock) return;
    ws = undefined;
    if (e.code === CLOSE_SESSION_ENDED) {
      // Logout or password change elsewhere: no reconnect with this token.
      token = undefined;
      emit({ type: 'sessionEnded', data: null, at: Date.now() });
      return;
    }
    schedule();
  };
}

function schedule() {
  if (!token) return;
  const wait = backoffDelay(attempts++);
  timer = setTimeout(() => {
    timer = undefined;
    connect();
  }, wait);
}

function afterIdle(fn: () => void): () => void {
  let cancelled = false;
  let idle = 0;
  let t: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => !cancelled && fn(), { timeout: 2000 });
    else t = setTimeout(() => !cancelled && fn(), 300);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    clearTimeout(t);
  };
}
