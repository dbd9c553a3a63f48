// The browser verifier: recomputes a round from its revealed seeds exactly as
// the server did (fair/fair.ts + fair/games.ts) and checks the commitment
// shown before play. Pure async functions, no UI.
import { ByteSource, crashNumber, crashPointFromNumber, fairSource, sha256Hex, streamBytes, verifyChainLink } from '../fair/fair';
import { diceMultiplier, diceValid, minesLayout, minesMultiplier, minesValid, playDice, playPlinko, PLINKO_MAX_ROWS, PLINKO_MIN_ROWS } from '../fair/games';
import { isValidClientSeed, SERVER_SEED_RE, type GameSlug, type PlinkoRisk } from '../api';
import { MAX_FREE_SPINS, playRound } from '../slot/maths';
import { REELS, type SlotConfig, type Spin } from '../slot/model';

export type VerifyInput = {
  game: GameSlug;
  serverSeed: string;
  /** The commitment shown before play (optional: checked when given). */
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  // game parameters
  target?: number;
  over?: boolean;
  rows?: number;
  risk?: PlinkoRisk;
  size?: number;
  mines?: number;
  /** Crash: the round's hash, the public salt and (optional) the next round's hash. */
  hash?: string;
  salt?: string;
  nextHash?: string;
};

/** What the verifier needs from GET /wps/inhouse/config: plinko tables and the slot rules with its strips. */
export type VerifyContext = { tables?: Record<string, number[]>; slot?: SlotConfig };

export type VerifyResult =
  | { ok: false; problem: VerifyProblem }
  | {
      ok: true;
      /** null when no commitment was given. */
      commitment: { computed: string; matches: boolean | null };
      game: GameSlug;
      dice?: { roll: number; win: boolean; multiplier: number };
      plinko?: { path: boolean[]; bucket: number; multiplier: number | null; table: number[] | null };
      mines?: { size: number; mines: number[]; multipliers: number[] };
      slot?: { spins: Spin[]; multiplier: number };
      crash?: { number: string; point: number; chainLink: boolean | null };
      /** The first bytes of the stream, shown for the curious. */
      bytes?: string;
    };

export type VerifyProblem = 'serverSeed' | 'clientSeed' | 'nonce' | 'params' | 'hash' | 'salt' | 'strips';

export function parseNonce(s: string): bigint | null {
  return /^\d{1,19}$/.test(s.trim()) ? BigInt(s.trim()) : null;
}

export async function verifyRound(input: VerifyInput, ctx: VerifyContext = {}): Promise<VerifyResult> {
  const tables = ctx.tables;
  if (input.game === 'crash') return verifyCrash(input);
  const serverSeed = input.serverSeed.trim();
  const clientSeed = input.clientSeed.trim();
  if (!SERVER_SEED_RE.test(serverSeed)) return { ok: false, problem: 'serverSeed' };
  if (!isValidClientSeed(clientSeed)) return { ok: false, problem: 'clientSeed' };
  const nonce = parseNonce(input.nonce);
  if (nonce === null) return { ok: false, problem: 'nonce' };
  const computed = await sha256Hex(serverSeed);
  const given = input.serverSeedHash.trim().toLowerCase();
  const commitment = { computed, matches: given ? given === computed : null };
  const base = { ok: true as const, commitment, game: input.game };
  const preview = async () => {
    const b = await streamBytes(serverSeed, clientSeed, nonce, 16);
    return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
  };
  switch (input.game) {
    case 'dice': {
      const p = { target: input.target ?? -1, over: !!input.over };
      if (!diceValid(p)) return { ok: false, problem: 'params' };
      const o = playDice(await fairSource(serverSeed, clientSeed, nonce, 1), p);
      return { ...base, dice: { ...o, multiplier: o.win ? diceMultiplier(p) : 0 }, bytes: await preview() };
    }
    case 'plinko': {
      const rows = input.rows ?? 0;
      if (!Number.isInteger(rows) || rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS) return { ok: false, problem: 'params' };
      const o = playPlinko(await fairSource(serverSeed, clientSeed, nonce, rows), rows);
      const table = tables?.[`${rows}:${input.risk ?? 'medium'}`];
      return { ...base, plinko: { ...o, multiplier: table ? (table[o.bucket] ?? null) : null, table: table ?? null }, bytes: await preview() };
    }
    case 'mines': {
      const p = { size: input.size ?? 0, mines: input.mines ?? 0 };
      if (!minesValid(p)) return { ok: false, problem: 'params' };
      const mines = minesLayout(await fairSource(serverSeed, clientSeed, nonce, p.mines), p);
      const multipliers = Array.from({ length: p.size * p.size - p.mines }, (_, k) => minesMultiplier(p, k + 1));
      return { ...base, mines: { size: p.size, mines, multipliers }, bytes: await preview() };
    }
    case 'slot': {
      // internal/inhouse/slot.PlayRound: the base spin, then every free spin it leads to, from one stream.
      const cfg = ctx.slot;
      if (!cfg?.strips || cfg.strips.length !== REELS || cfg.freeStrips?.length !== REELS) return { ok: false, problem: 'strips' };
      const src = new ByteSource(await streamBytes(serverSeed, clientSeed, nonce, (1 + MAX_FREE_SPINS) * REELS * 4));
      const rules = { paylines: cfg.paylines, paytable: cfg.paytable, freeSpinAwards: cfg.freeSpinAwards, freeGameMultiplier: cfg.freeGameMultiplier };
      const played = playRound(src, { base: cfg.strips, free: cfg.freeStrips }, rules);
      return { ...base, slot: played, bytes: await preview() };
    }
  }
  return { ok: false, problem: 'params' };
}

const HEX64 = /^[0-9a-f]{64}$/;

async function verifyCrash(input: VerifyInput): Promise<VerifyResult> {
  const hash = (input.hash ?? '').trim().toLowerCase();
  const salt = (input.salt ?? '').trim();
  if (!HEX64.test(hash)) return { ok: false, problem: 'hash' };
  if (!salt) return { ok: false, problem: 'salt' };
  const next = (input.nextHash ?? '').trim().toLowerCase();
  if (next && !HEX64.test(next)) return { ok: false, problem: 'hash' };
  const r = await crashNumber(hash, salt);
  return {
    ok: true,
    game: 'crash',
    commitment: { computed: await sha256Hex(hash), matches: null },
    crash: { number: r.toString(), point: crashPointFromNumber(r), chainLink: next ? await verifyChainLink(hash, next) : null },
  };
}

/** The recomputed outcome in the same compact form as expectedOf (query.ts). */
export function recomputedOf(r: VerifyResult): string {
  if (!r.ok) return '';
  if (r.dice) return String(r.dice.roll);
  if (r.plinko) return r.plinko.path.map((b) => (b ? 'R' : 'L')).join('');
  if (r.mines) return r.mines.mines.join(',');
  if (r.slot) return r.slot.spins.map((sp) => sp.stops.join('-')).join('|');
  return '';
}
