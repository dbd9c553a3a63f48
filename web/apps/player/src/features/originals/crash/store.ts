// The Crash table as the browser knows it: one pure reducer over the
// server's messages (the websocket's and GET state's answer, which is the
// same `state` shape), so a reconnect is just "apply the fresh state".
import { clockOffset } from './maths';
import type { CrashBet, CrashChain, CrashHistoryItem, CrashMessage, CrashRound } from './types';

export const HISTORY_MAX = 40;

export type Table = {
  round: CrashRound | null;
  bets: CrashBet[];
  history: CrashHistoryItem[];
  chain?: CrashChain | null;
  /** Server clock minus local clock (ms), from the last message stamped with serverTime. */
  offset: number;
};

export const emptyTable: Table = { round: null, bets: [], history: [], offset: 0 };

function sameId(a: unknown, b: unknown): boolean {
  return a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b);
}

/** Where `bet` sits in `bets`: by id when the server sends one, else the same player's bet. */
export function findBet(bets: CrashBet[], bet: CrashBet): number {
  if (bet.id !== undefined && bet.id !== null) return bets.findIndex((b) => sameId(b.id, bet.id));
  if (bet.mine) {
    const i = bets.findIndex((b) => b.mine);
    if (i >= 0) return i;
  }
  return bets.findIndex((b) => b.player === bet.player && b.amount === bet.amount);
}

function upsert(bets: CrashBet[], bet: CrashBet): CrashBet[] {
  const i = findBet(bets, bet);
  if (i < 0) return [...bets, bet];
  const next = bets.slice();
  // `mine` is only known to the socket that placed the bet (or carried the token): keep it.
  next[i] = { ...bets[i], ...bet, mine: bet.mine || bets[i].mine };
  return next;
}

function addHistory(history: CrashHistoryItem[], item: CrashHistoryItem): CrashHistoryItem[] {
  if (history.some((h) => sameId(h.id, item.id))) return history;
  return [item, ...history].slice(0, HISTORY_MAX);
}

function withOffset(t: Table, round: CrashRound | undefined, at: number): number {
  return round?.serverTime !== undefined && round.serverTime !== null ? clockOffset(round.serverTime, at) : t.offset;
}

/** Applies one server message received at local time `at` (ms). Messages of another round are ignored. */
export function applyMessage(t: Table, msg: CrashMessage, at: number): Table {
  switch (msg.type) {
    case 'state':
      return {
        round: msg.round ?? null,
        bets: msg.bets ?? [],
        history: (msg.history ?? []).slice(0, HISTORY_MAX),
        chain: msg.chain ?? t.chain,
        offset: withOffset(t, msg.round, at),
      };
    case 'betting':
      return { ...t, round: { ...msg.round, status: 'BETTING' }, bets: [], chain: msg.chain ?? t.chain, offset: withOffset(t, msg.round, at) };
    case 'running': {
      const same = t.round && sameId(t.round.id, msg.round.id);
      return {
        ...t,
        round: { ...(same ? t.round : {}), ...msg.round, status: 'RUNNING' },
        bets: same ? t.bets : [],
        offset: withOffset(t, msg.round, at),
      };
    }
    case 'bet':
    case 'cashout': {
      if (msg.bet.roundId !== undefined && t.round && !sameId(msg.bet.roundId, t.round.id)) return t;
      return { ...t, bets: upsert(t.bets, msg.bet) };
    }
    case 'crashed': {
      const same = t.round && sameId(t.round.id, msg.round.id);
      const round: CrashRound = { ...(same ? t.round : {}), ...msg.round, status: 'CRASHED' };
      const history =
        msg.round.point !== undefined && msg.round.hash ? addHistory(t.history, { id: msg.round.id, point: msg.round.point, hash: msg.round.hash }) : t.history;
      return { ...t, round, bets: same ? t.bets : [], history, offset: withOffset(t, msg.round, at) };
    }
    default:
      return t;
  }
}

/** The member's own bet of the current round, if any. */
export function myBet(t: Table): CrashBet | undefined {
  return t.bets.find((b) => b.mine);
}

/** Bets sorted for the players list: cashed-out wins first (highest win), then riding bets by amount. */
export function sortedBets(bets: CrashBet[]): CrashBet[] {
  return bets.slice().sort((a, b) => {
    const ca = a.cashedOutAt ? 1 : 0;
    const cb = b.cashedOutAt ? 1 : 0;
    if (ca !== cb) return cb - ca;
    if (ca) return (b.win ?? 0) - (a.win ?? 0);
    return b.amount - a.amount;
  });
}
