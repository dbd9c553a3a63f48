import { applyMessage, emptyTable, HISTORY_MAX, myBet, sortedBets, type Table } from './store';
import type { CrashMessage } from './types';

const run = (msgs: CrashMessage[], start: Table = emptyTable) => msgs.reduce((t, m, i) => applyMessage(t, m, 1000 + i), start);

describe('crash table reducer', () => {
  test('a whole round: state, betting, bets, running, cash-out, crash', () => {
    const t = run([
      { type: 'state', round: { id: 7, status: 'CRASHED', point: 150, hash: 'h7', serverTime: 1000 }, bets: [], history: [{ id: 7, point: 150, hash: 'h7' }], chain: { terminalHash: 'T', salt: 'S' } },
      { type: 'betting', round: { id: 8, status: 'BETTING', bettingEndsAt: 8000, serverTime: 1001 } },
      { type: 'bet', bet: { id: 1, roundId: 8, player: 'ma***a', amount: 500 } },
      { type: 'bet', bet: { id: 2, roundId: 8, player: 'jo***e', amount: 900, mine: true } },
      { type: 'running', round: { id: 8, status: 'RUNNING', startedAt: 9000, serverTime: 9003 } },
      { type: 'cashout', bet: { id: 2, roundId: 8, player: 'jo***e', amount: 900, cashedOutAt: 180, win: 1620 } },
      { type: 'crashed', round: { id: 8, status: 'CRASHED', point: 230, hash: 'h8' } },
    ]);
    expect(t.round).toMatchObject({ id: 8, status: 'CRASHED', point: 230, hash: 'h8', startedAt: 9000 });
    expect(t.bets).toHaveLength(2);
    // The cash-out message does not say `mine`; the reducer keeps it.
    expect(myBet(t)).toMatchObject({ id: 2, cashedOutAt: 180, win: 1620, mine: true });
    expect(t.history.map((h) => h.id)).toEqual([8, 7]);
    expect(t.chain).toEqual({ terminalHash: 'T', salt: 'S' });
    // Offset from the running message: server 9003 at local 1004.
    expect(t.offset).toBe(9003 - 1004);
  });

  test('betting clears the previous round; bets of another round are ignored', () => {
    const t = run([
      { type: 'betting', round: { id: 2, status: 'BETTING' } },
      { type: 'bet', bet: { id: 1, roundId: 2, player: 'a', amount: 1 } },
      { type: 'betting', round: { id: 3, status: 'BETTING' } },
      { type: 'bet', bet: { id: 9, roundId: 2, player: 'late', amount: 1 } },
    ]);
    expect(t.bets).toEqual([]);
    expect(t.round?.id).toBe(3);
  });

  test('a repeated crash message does not duplicate history; history is capped', () => {
    let t = emptyTable;
    for (let i = 0; i < HISTORY_MAX + 5; i++) t = applyMessage(t, { type: 'crashed', round: { id: i, status: 'CRASHED', point: 100 + i, hash: `h${i}` } }, 0);
    t = applyMessage(t, { type: 'crashed', round: { id: HISTORY_MAX + 4, status: 'CRASHED', point: 1, hash: 'x' } }, 0);
    expect(t.history).toHaveLength(HISTORY_MAX);
    expect(t.history[0].id).toBe(HISTORY_MAX + 4);
    expect(t.history[0].point).toBe(100 + HISTORY_MAX + 4);
  });

  test('a bet echo without id matches the own bet, else player and amount', () => {
    let t = run([{ type: 'betting', round: { id: 1, status: 'BETTING' } }, { type: 'bet', bet: { player: 'me', amount: 5, mine: true } }]);
    t = applyMessage(t, { type: 'cashout', bet: { player: 'me', amount: 5, cashedOutAt: 200, mine: true } }, 0);
    expect(t.bets).toHaveLength(1);
    expect(t.bets[0].cashedOutAt).toBe(200);
  });

  test('players list: cash-outs first by win, then riding bets by amount', () => {
    const list = sortedBets([
      { player: 'a', amount: 10 },
      { player: 'b', amount: 50 },
      { player: 'c', amount: 5, cashedOutAt: 300, win: 15 },
      { player: 'd', amount: 20, cashedOutAt: 150, win: 30 },
    ]);
    expect(list.map((b) => b.player)).toEqual(['d', 'c', 'b', 'a']);
  });
});
