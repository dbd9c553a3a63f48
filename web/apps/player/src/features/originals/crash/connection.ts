// The Crash table's websocket (GET /wps/inhouse/crash/ws). Public: anyone may
// watch; a member's token travels as a subprotocol ("bearer.<token>", like
// /wps/ws, never in the URL) so the server marks the member's own bets. The
// server sends the whole table (`state`) on every connect, then batches
// events (several JSON messages per frame, one per line), so a reconnect
// resynchronises by itself; while the socket is down the page asks GET state
// (onDown) so the countdown and the result never go stale.
import { backoffDelay, SUBPROTOCOL } from '@/lib/socket';
import type { CrashMessage } from './types';

export type LinkStatus = 'connecting' | 'open' | 'down';

type SocketCtor = new (url: string, protocols?: string | string[]) => WebSocket;

export type ConnectionOptions = {
  token?: string | null;
  onMessage: (msg: CrashMessage, at: number) => void;
  onStatus?: (s: LinkStatus) => void;
  /** Called when the socket drops (before reconnecting): a chance to fetch GET state. */
  onDown?: () => void;
  url?: string;
  Socket?: SocketCtor;
  now?: () => number;
};

export function crashSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/wps/inhouse/crash/ws`;
}

export function crashProtocols(token?: string | null): string[] {
  return token ? [SUBPROTOCOL, `bearer.${token}`] : [SUBPROTOCOL];
}

const KNOWN = new Set(['state', 'betting', 'running', 'bet', 'cashout', 'crashed']);

/** Parses one frame: the server batches, one JSON message per line; unknown lines are dropped. */
export function parseFrame(data: unknown): CrashMessage[] {
  if (typeof data !== 'string') return [];
  const out: CrashMessage[] = [];
  for (const line of data.split('\n')) {
    if (!line.trim()) continue;
    try {
      const m = JSON.parse(line) as { type?: unknown };
      if (m && typeof m.type === 'string' && KNOWN.has(m.type)) out.push(m as CrashMessage);
    } catch {
      /* not JSON: ignore the line */
    }
  }
  return out;
}

/** Opens and keeps open the Crash socket until close() is called. */
export function connectCrash(opts: ConnectionOptions): { close: () => void; reconnectNow: () => void } {
  const Socket = opts.Socket ?? (globalThis.WebSocket as unknown as SocketCtor | undefined);
  const now = opts.now ?? Date.now;
  let ws: WebSocket | undefined;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    if (closed || !Socket) return;
    opts.onStatus?.('connecting');
    let sock: WebSocket;
    try {
      sock = new Socket(opts.url ?? crashSocketUrl(), crashProtocols(opts.token));
    } catch {
      down();
      return;
    }
    ws = sock;
    sock.onopen = () => {
      attempts = 0;
      opts.onStatus?.('open');
    };
    sock.onmessage = (ev) => {
      const at = now();
      for (const msg of parseFrame(ev.data)) opts.onMessage(msg, at);
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = undefined;
      down();
    };
  };

  const down = () => {
    if (closed) return;
    opts.onStatus?.('down');
    opts.onDown?.();
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      open();
    }, backoffDelay(attempts++));
  };

  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      const s = ws;
      ws = undefined;
      if (s) {
        s.onclose = null;
        s.onmessage = null;
        s.onopen = null;
        try {
          s.close(1000, 'leave');
        } catch {
          /* already closed */
        }
      }
    },
    /** Reconnects at once (e.g. the tab became visible or the network came back). */
    reconnectNow() {
      if (closed || ws) return;
      clearTimeout(timer);
      timer = undefined;
      attempts = 0;
      open();
    },
  };
}
