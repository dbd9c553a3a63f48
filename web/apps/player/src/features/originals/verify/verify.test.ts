// The verifier end to end (without UI): a vector round verifies, a wrong
// commitment or a tampered outcome does not, bad input is refused, and the
// recall link's query string carries a round into the verifier unchanged.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Round } from '../api';
import { expectedOf, verifyInputOf, verifyQueryOf } from './query';
import { normaliseConfig } from '../slot/model';
import { recomputedOf, verifyRound } from './verify';

const v = JSON.parse(readFileSync(resolve(__dirname, '../../../../../../../docs/games/vectors.json'), 'utf8')).vectors[0];
const base = { serverSeed: v.serverSeed, serverSeedHash: v.serverSeedHash, clientSeed: v.clientSeed, nonce: String(v.nonce) };

test('dice vector verifies against its commitment', async () => {
  const r = await verifyRound({ ...base, game: 'dice', target: v.dice.target, over: v.dice.over });
  expect(r.ok && r.commitment.matches).toBe(true);
  expect(r.ok && r.dice).toEqual({ roll: v.dice.roll, win: v.dice.win, multiplier: v.dice.multiplier });
});

test('a commitment that is not the seed hash fails', async () => {
  const r = await verifyRound({ ...base, serverSeedHash: 'f'.repeat(64), game: 'dice', target: 5000, over: false });
  expect(r.ok && r.commitment.matches).toBe(false);
});

test('mines and plinko vectors, with the table multiplier', async () => {
  const m = await verifyRound({ ...base, game: 'mines', size: v.mines.size, mines: v.mines.mines });
  expect(m.ok && m.mines?.mines).toEqual(v.mines.layout);
  const table = Array.from({ length: v.plinko.rows + 1 }, (_, i) => i * 100);
  const p = await verifyRound({ ...base, game: 'plinko', rows: v.plinko.rows, risk: v.plinko.risk }, { tables: { [`${v.plinko.rows}:${v.plinko.risk}`]: table } });
  expect(p.ok && p.plinko?.path).toEqual(v.plinko.path);
  expect(p.ok && p.plinko?.multiplier).toBe(v.plinko.bucket * 100);
});

test('bad inputs are refused with the field at fault', async () => {
  expect(await verifyRound({ ...base, serverSeed: 'XYZ', game: 'dice', target: 5000 })).toEqual({ ok: false, problem: 'serverSeed' });
  expect(await verifyRound({ ...base, clientSeed: 'no spaces', game: 'dice', target: 5000 })).toEqual({ ok: false, problem: 'clientSeed' });
  expect(await verifyRound({ ...base, nonce: '-1', game: 'dice', target: 5000 })).toEqual({ ok: false, problem: 'nonce' });
  expect(await verifyRound({ ...base, game: 'dice', target: 50 })).toEqual({ ok: false, problem: 'params' });
  expect(await verifyRound({ ...base, game: 'mines', size: 9, mines: 3 })).toEqual({ ok: false, problem: 'params' });
  expect(await verifyRound({ ...base, game: 'slot' })).toEqual({ ok: false, problem: 'strips' });
  expect(await verifyRound({ ...base, game: 'crash', hash: 'nothex', salt: 's' })).toEqual({ ok: false, problem: 'hash' });
});

test('a recall round goes through the query string and its outcome is compared', async () => {
  const round: Round = {
    id: 3,
    game: 'mines',
    status: 'COMPLETED',
    amount: 100,
    win: 0,
    multiplier: 0,
    currency: 'PHP',
    params: { size: v.mines.size, mines: v.mines.mines },
    outcome: { revealed: [1], mines: v.mines.layout, busted: true },
    fair: { serverSeedHash: v.serverSeedHash, serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce },
    createdAt: '',
  };
  const q = new URLSearchParams(verifyQueryOf(round));
  const input = verifyInputOf(q);
  expect(input).toMatchObject({ game: 'mines', size: v.mines.size, mines: v.mines.mines, serverSeed: v.serverSeed, nonce: String(v.nonce) });
  const r = await verifyRound(input);
  expect(recomputedOf(r)).toBe(q.get('expect'));
  // A tampered record does not match.
  expect(expectedOf({ ...round, outcome: { ...round.outcome, mines: [0, 1, 2] } })).not.toBe(recomputedOf(r));
});

test('a slot round: the base spin and every free spin it awards, from the strips in the config', async () => {
  // docs/games/slot.md: profile 96, nonce 104 awards 10 free spins; the strips and vectors are generated tables.
  const md = readFileSync(resolve(__dirname, '../../../../../../../docs/games/slot.md'), 'utf8');
  const between = (tag: string) => md.split(`<!-- generated:${tag} -->`)[1]?.split(`<!-- /generated:${tag} -->`)[0] ?? '';
  const strips: Record<string, string[][]> = {};
  for (const line of between('slot-strips').split('\n')) {
    const c = line.split('|').map((x) => x.trim());
    if (c.length > 5 && c[1] === '96') (strips[c[2]] ??= [])[Number(c[3]) - 1] = c[5].split(/\s+/);
  }
  const vec = between('slot-vectors');
  const serverSeed = /serverSeed `([0-9a-f]{64})`/.exec(vec)?.[1] ?? '';
  const clientSeed = /clientSeed `([^`]+)`/.exec(vec)?.[1] ?? '';
  const stops = vec
    .split('\n')
    .map((l) => l.split('|').map((x) => x.trim()))
    .filter((c) => c[1] === '96' && c[2] === '104')
    .map((c) => c[4].split(' ').join('-'));
  expect(stops).toHaveLength(11);
  const slot = normaliseConfig({ strips: { base: strips.base, free: strips.free } });
  const r = await verifyRound({ game: 'slot', serverSeed, serverSeedHash: '', clientSeed, nonce: '104' }, { slot });
  expect(r.ok && r.commitment.matches).toBeNull();
  expect(recomputedOf(r)).toBe(stops.join('|'));
  expect(r.ok && r.slot?.spins.slice(1).every((sp) => sp.free)).toBe(true);
});

test('a crash round from recall carries its hash, not seeds, and verifies with the salt', async () => {
  const q = new URLSearchParams(
    verifyQueryOf({ id: 1, game: 'crash', status: 'COMPLETED', amount: 1, win: 0, multiplier: 0, currency: 'PHP', params: {}, outcome: { point: 4074, hash: '28b00ba6c91eb5984454cc0e954734301016cadaa42f1b0bfbfe844fe787e232' }, fair: { serverSeedHash: '', serverSeed: '', clientSeed: '', nonce: 0 }, createdAt: '' }),
  );
  expect(q.get('serverSeed')).toBeNull();
  const r = await verifyRound({ ...verifyInputOf(q), salt: 'palaro-public-salt-1' });
  expect(r.ok && r.crash?.point).toBe(4074);
});
