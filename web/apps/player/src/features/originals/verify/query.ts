// A round <-> the verifier's query string, so recall can open the verifier
// with every field filled in.
import { GAME_SLUGS, PLINKO_RISKS, type GameSlug, type PlinkoRisk, type Round } from '../api';
import type { VerifyInput } from './verify';

export function verifyQueryOf(round: Round): string {
  const q = new URLSearchParams();
  q.set('game', round.game);
  q.set('serverSeed', round.fair.serverSeed ?? '');
  q.set('serverSeedHash', round.fair.serverSeedHash ?? '');
  q.set('clientSeed', round.fair.clientSeed ?? '');
  q.set('nonce', String(round.fair.nonce ?? 0));
  const p = round.params as Record<string, unknown>;
  const o = round.outcome as Record<string, unknown>;
  switch (round.game) {
    case 'dice':
      q.set('target', String(p.target));
      q.set('over', String(!!p.over));
      break;
    case 'plinko':
      q.set('rows', String(p.rows));
      q.set('risk', String(p.risk));
      break;
    case 'mines':
      q.set('size', String(p.size));
      q.set('mines', String(p.mines));
      break;
    case 'crash':
      // A crash round has no seed pair: its hash (and the chain's public salt, filled in by the verifier) prove it.
      for (const k of ['serverSeed', 'serverSeedHash', 'clientSeed', 'nonce']) q.delete(k);
      if (typeof o.hash === 'string') q.set('hash', o.hash);
      if (typeof o.salt === 'string') q.set('salt', o.salt);
      break;
  }
  const expected = expectedOf(round);
  if (expected) q.set('expect', expected);
  // The draw of a cancelled round is still verifiable, but it paid nothing: the verifier says so.
  if (round.status === 'CANCELLED') q.set('cancelled', '1');
  return q.toString();
}

/** The recorded outcome in the compact form the verifier compares with (see recomputedOf). */
export function expectedOf(round: Round): string {
  const o = round.outcome as Record<string, unknown>;
  switch (round.game) {
    case 'dice':
      return typeof o.roll === 'number' ? String(o.roll) : '';
    case 'plinko':
      return Array.isArray(o.path) ? o.path.map((b) => (b ? 'R' : 'L')).join('') : '';
    case 'mines':
      return Array.isArray(o.mines) && o.mines.length ? o.mines.join(',') : '';
    case 'slot':
      return Array.isArray(o.spins) ? (o.spins as { stops?: number[] }[]).map((sp) => (sp.stops ?? []).join('-')).join('|') : '';
    default:
      return '';
  }
}

const int = (v: string | null) => (v !== null && /^-?\d+$/.test(v) ? Number(v) : undefined);

export function verifyInputOf(q: URLSearchParams): VerifyInput {
  const game = (GAME_SLUGS as readonly string[]).includes(q.get('game') ?? '') ? (q.get('game') as GameSlug) : 'dice';
  const risk = q.get('risk');
  return {
    game,
    serverSeed: q.get('serverSeed') ?? '',
    serverSeedHash: q.get('serverSeedHash') ?? '',
    clientSeed: q.get('clientSeed') ?? '',
    nonce: q.get('nonce') ?? '0',
    target: int(q.get('target')) ?? 5000,
    over: q.get('over') === 'true',
    rows: int(q.get('rows')) ?? 12,
    risk: (PLINKO_RISKS as string[]).includes(risk ?? '') ? (risk as PlinkoRisk) : 'medium',
    size: int(q.get('size')) ?? 5,
    mines: int(q.get('mines')) ?? 3,
    hash: q.get('hash') ?? '',
    salt: q.get('salt') ?? '',
    nextHash: q.get('nextHash') ?? '',
  };
}
