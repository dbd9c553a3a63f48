// The TS port of the fairness scheme against the Go reference: the vectors
// internal/fair writes (docs/games/vectors.json), the Mines multiplier table
// (docs/games/mines.md) and the slot determinism vectors (docs/games/slot.md).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ByteSource, crashNumber, crashPoint, crashPointFromNumber, fairSource, scale, sha256Hex, streamBytes, toHex, verifyChainLink } from './fair';
import { diceMultiplier, diceValid, diceWinChance, minesLayout, minesMultiplier, playDice, playPlinko } from './games';

const repo = resolve(__dirname, '../../../../../../..');
const doc = (p: string) => resolve(repo, 'docs/games', p);

type Vector = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  bytes: string;
  block1: string;
  uint32s: number[];
  floats: number[];
  dice: { target: number; over: boolean; roll: number; win: boolean; multiplier: number };
  mines: { size: number; mines: number; layout: number[] };
  plinko: { rows: number; risk: string; path: boolean[]; bucket: number; multiplier: number };
};
type Vectors = { vectors: Vector[]; crash: { seed: string; salt: string; rounds: { round: number; hash: string; r: string; point: number }[] } };

const vectors: Vectors = JSON.parse(readFileSync(doc('vectors.json'), 'utf8'));

describe('fair port vs docs/games/vectors.json', () => {
  test('there are vectors to check', () => {
    expect(vectors.vectors.length).toBeGreaterThanOrEqual(3);
    expect(vectors.crash.rounds.length).toBeGreaterThanOrEqual(3);
  });

  for (const v of vectors.vectors) {
    describe(`${v.clientSeed}:${v.nonce}`, () => {
      test('commitment is SHA-256 of the seed as ASCII', async () => {
        expect(await sha256Hex(v.serverSeed)).toBe(v.serverSeedHash);
      });
      test('stream bytes: block 0 and block 1', async () => {
        expect(toHex(await streamBytes(v.serverSeed, v.clientSeed, v.nonce, 64))).toBe(v.bytes + v.block1);
      });
      test('uint32s and floats', async () => {
        const src = await fairSource(v.serverSeed, v.clientSeed, v.nonce, v.uint32s.length);
        expect(v.uint32s.map(() => src.uint32())).toEqual(v.uint32s);
        const f = await fairSource(v.serverSeed, v.clientSeed, v.nonce, v.floats.length);
        expect(v.floats.map(() => f.float())).toEqual(v.floats);
      });
      test('dice', async () => {
        const o = playDice(await fairSource(v.serverSeed, v.clientSeed, v.nonce, 1), v.dice);
        expect(o).toEqual({ roll: v.dice.roll, win: v.dice.win, multiplier: v.dice.multiplier });
      });
      test('mines layout', async () => {
        const src = await fairSource(v.serverSeed, v.clientSeed, v.nonce, v.mines.mines);
        expect(minesLayout(src, v.mines)).toEqual(v.mines.layout);
      });
      test('plinko path and bucket', async () => {
        const o = playPlinko(await fairSource(v.serverSeed, v.clientSeed, v.nonce, v.plinko.rows), v.plinko.rows);
        expect(o).toEqual({ path: v.plinko.path, bucket: v.plinko.bucket });
      });
    });
  }

  test('crash points and numbers', async () => {
    for (const r of vectors.crash.rounds) {
      expect((await crashNumber(r.hash, vectors.crash.salt)).toString(16).padStart(13, '0')).toBe(r.r);
      expect(await crashPoint(r.hash, vectors.crash.salt)).toBe(r.point);
    }
  });

  test('crash chain: each revealed hash proves the previous round', async () => {
    const rounds = [...vectors.crash.rounds].sort((a, b) => a.round - b.round);
    for (let i = 0; i + 1 < rounds.length; i++) {
      expect(await verifyChainLink(rounds[i].hash, rounds[i + 1].hash)).toBe(true);
      expect(await verifyChainLink(rounds[i + 1].hash, rounds[i].hash)).toBe(false);
    }
  });
});

describe('Intn exactly as Go: (u32 * n) >> 32', () => {
  test('edges where a double product would round', () => {
    expect(scale(0xffffffff, 0x7fffffff)).toBe(0x7ffffffe);
    expect(scale(0xffffffff, 10000)).toBe(9999);
    expect(scale(0, 10000)).toBe(0);
    expect(scale(0x80000000, 2)).toBe(1);
    expect(scale(0x7fffffff, 2)).toBe(0);
  });
  test('equals floor(u * n / 2^32) in BigInt for random inputs', () => {
    for (let i = 0; i < 2000; i++) {
      const u = Math.floor(Math.random() * 2 ** 32);
      const n = 1 + Math.floor(Math.random() * 0x7ffffffe);
      expect(BigInt(scale(u, n))).toBe((BigInt(u) * BigInt(n)) / 2n ** 32n);
    }
  });
  test('rejects n out of range and an exhausted stream', () => {
    expect(() => scale(1, 0)).toThrow(RangeError);
    expect(() => scale(1, 2 ** 31)).toThrow(RangeError);
    const s = new ByteSource(new Uint8Array(4));
    s.uint32();
    expect(() => s.uint32()).toThrow(RangeError);
  });
});

describe('game rules', () => {
  test('dice chances and multipliers', () => {
    expect(diceWinChance({ target: 5000, over: false })).toBe(5000);
    expect(diceWinChance({ target: 5000, over: true })).toBe(4999);
    expect(diceMultiplier({ target: 5000, over: false })).toBe(19800);
    expect(diceValid({ target: 99, over: false })).toBe(false);
    expect(diceValid({ target: 100, over: false })).toBe(true);
    expect(diceValid({ target: 9800, over: false })).toBe(true);
    expect(diceValid({ target: 9801, over: false })).toBe(false);
    expect(diceValid({ target: 198, over: true })).toBe(false);
    expect(diceValid({ target: 199, over: true })).toBe(true);
  });

  test('crash bust numbers are 1.00x', () => {
    expect(crashPointFromNumber(0n)).toBe(100);
    expect(crashPointFromNumber(33n * 1000n)).toBe(100);
    expect(crashPointFromNumber(1n)).toBe(100); // floor((100e-1)/(e-1)) = 100
  });

  test('mines multipliers equal the 5x5 table of docs/games/mines.md', () => {
    const md = readFileSync(doc('mines.md'), 'utf8');
    const block = md.split('<!-- generated:mines-5x5 -->')[1]?.split('<!--')[0] ?? '';
    const rows = block.split('\n').filter((l) => /^\| \d+ \|/.test(l));
    expect(rows.length).toBeGreaterThan(3);
    for (const line of rows) {
      const [m, list] = line.split('|').slice(1, 3).map((x) => x.trim());
      const want = list.split('·').map((x) => Math.round(Number(x.trim()) * 10000));
      const got = want.map((_, k) => minesMultiplier({ size: 5, mines: Number(m) }, k + 1));
      expect(got).toEqual(want);
    }
  });
});

// Slot: stops are one Intn(len(strip)) per reel, base spin then free spins in play order.
const slotDoc = doc('slot.md');
describe.runIf(existsSync(slotDoc))('slot vectors of docs/games/slot.md', () => {
  const md = existsSync(slotDoc) ? readFileSync(slotDoc, 'utf8') : '';
  const between = (tag: string) => md.split(`<!-- generated:${tag} -->`)[1]?.split(`<!-- /generated:${tag} -->`)[0] ?? '';
  const strips: Record<string, string[][]> = {};
  for (const line of between('slot-strips').split('\n')) {
    const c = line.split('|').map((x) => x.trim());
    if (c.length < 6 || !/^\d+$/.test(c[1])) continue;
    (strips[`${c[1]}:${c[2]}`] ??= [])[Number(c[3]) - 1] = c[5].split(/\s+/);
  }
  const vecBlock = between('slot-vectors');
  const server = /serverSeed `([0-9a-f]{64})`/.exec(vecBlock)?.[1] ?? '';
  const client = /clientSeed `([^`]+)`/.exec(vecBlock)?.[1] ?? '';
  const rows = vecBlock
    .split('\n')
    .map((l) => l.split('|').map((x) => x.trim()))
    .filter((c) => c.length > 6 && /^\d+$/.test(c[1]) && /^\d+$/.test(c[2]));

  test('parsed', () => {
    expect(server).toHaveLength(64);
    expect(rows.length).toBeGreaterThan(3);
    expect(strips['96:base']).toHaveLength(5);
  });

  test('every spin: stops and grid', async () => {
    const byRound = new Map<string, string[][]>();
    for (const c of rows) (byRound.get(`${c[1]}:${c[2]}`) ?? byRound.set(`${c[1]}:${c[2]}`, []).get(`${c[1]}:${c[2]}`)!).push(c);
    for (const [key, spins] of byRound) {
      const [prof, nonce] = key.split(':');
      const src = new ByteSource(await streamBytes(server, client, Number(nonce), spins.length * 20));
      for (const c of spins) {
        const reels = strips[`${prof}:${c[3] === 'base' ? 'base' : 'free'}`];
        const stops = reels.map((s) => src.intn(s.length));
        expect(stops.join(' ')).toBe(c[4]);
        const grid = [0, 1, 2].map((row) => reels.map((s, r) => s[(stops[r] + row) % s.length]).join(' ')).join(' / ');
        expect(grid).toBe(c[5]);
      }
    }
  });
});
