// The in-house games API (/wps/inhouse/*, docs/games/server.md): wire types,
// query factories and the one mutation helper. Every money POST carries an
// Idempotency-Key and is never retried automatically.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

import type { GameSlug } from './slugs';

export { GAME_SLUGS, isGameSlug, type GameSlug } from './slugs';

export type RoundStatus = 'OPEN' | 'COMPLETED' | 'CANCELLED';

/** The fairness data of a round; serverSeed is "" until the seed pair is rotated. */
export type RoundFair = { serverSeedHash: string; serverSeed: string; clientSeed: string; nonce: number };

export type DiceParams = { target: number; over: boolean };
export type DiceOutcome = { roll: number; win: boolean };
export type PlinkoParams = { rows: number; risk: PlinkoRisk };
export type PlinkoOutcome = { path: boolean[]; bucket: number };
export type MinesParams = { size: number; mines: number };
export type MinesOutcome = { revealed: number[]; mines?: number[] | null; busted: boolean };

export type Round = {
  /** int64 on the server; JSON number. */
  id: number;
  game: GameSlug;
  status: RoundStatus;
  amount: number;
  win: number;
  multiplier: number;
  currency: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  fair: RoundFair;
  jackpotWin?: number;
  createdAt: string;
  endedAt?: string | null;
};

export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: PlinkoRisk[] = ['low', 'medium', 'high'];

export type GameLimits = { minBet: number; maxBet: number };
export type SlotSymbolInfo = { id: number; name: string };
export type InhouseConfig = {
  currency: string;
  games: Partial<Record<GameSlug, GameLimits>>;
  slot?: { profile: string; paylines: number[][]; paytable: Record<string, number[]>; symbols: unknown; strips?: unknown; [k: string]: unknown };
  plinko?: { tables: Record<string, number[]> };
  mines?: { sizes: number[] };
  jackpot?: { pool: number; seed: number; contributionBp: number; currency: string };
  [k: string]: unknown;
};

export type SeedPair = { serverSeedHash: string; clientSeed: string; nonce: number };
export type Seeds = SeedPair & { previous: null | (SeedPair & { serverSeed: string }) };

export type BetAnswer = { round: Round; balance: number };
export type RoundsPage = { list: Round[]; total: number };

export const configQuery = () =>
  queryOptions({
    queryKey: ['originals', 'config'] as const,
    queryFn: ({ signal }) => apiGet<InhouseConfig>('/wps/inhouse/config', undefined, signal),
    staleTime: 5 * 60_000,
  });

/** Keyed by the session token: another member never sees these seeds. */
export const seedsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['originals', 'seeds', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<Seeds>('/wps/inhouse/seeds', undefined, signal),
    enabled: !!token,
  });

export const activeQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['originals', 'active', token ?? ''] as const,
    queryFn: async ({ signal }) => (await apiGet<{ rounds: Round[] | null }>('/wps/inhouse/active', undefined, signal)).rounds ?? [],
    enabled: !!token,
    staleTime: 0,
  });

export const HISTORY_PAGE_SIZE = 20;
export const roundsQuery = (token: string | undefined, game: GameSlug | '', pageNo: number) =>
  queryOptions({
    queryKey: ['originals', 'rounds', token ?? '', game, pageNo] as const,
    queryFn: async ({ signal }) => {
      const v = await apiGet<RoundsPage>('/wps/inhouse/rounds', { game, pageNo, pageSize: HISTORY_PAGE_SIZE }, signal);
      return { list: v.list ?? [], total: v.total ?? 0 };
    },
    enabled: !!token,
  });

export const roundQuery = (token: string | undefined, id: string) =>
  queryOptions({
    queryKey: ['originals', 'round', token ?? '', id] as const,
    queryFn: async ({ signal }) => (await apiGet<{ round: Round }>(`/wps/inhouse/rounds/${encodeURIComponent(id)}`, undefined, signal)).round,
    enabled: !!token && !!id,
  });

/** The crash chain's public salt (GET /wps/inhouse/crash/state), for the verifier. */
export const crashSaltQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['originals', 'crash-salt'] as const,
    queryFn: async ({ signal }) => (await apiGet<{ chain?: { salt?: string } }>('/wps/inhouse/crash/state', undefined, signal)).chain?.salt ?? '',
    enabled,
    staleTime: Infinity,
  });

/** A POST to /wps/inhouse/<path> with its Idempotency-Key. */
export function postInhouse<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  return apiRequest<T>('POST', `/wps/inhouse/${path}`, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const rotateSeeds = (clientSeed: string, key: string) => postInhouse<Seeds>('seeds/rotate', clientSeed ? { clientSeed } : {}, key);

/** Client seeds: 1..64 of [A-Za-z0-9_-] (internal/fair.CheckClientSeed). */
export const CLIENT_SEED_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const isValidClientSeed = (s: string) => CLIENT_SEED_RE.test(s);
export const SERVER_SEED_RE = /^[0-9a-f]{64}$/;

/** A fresh default client seed: 16 random hex characters. */
export function randomClientSeed(): string {
  const b = new Uint8Array(8);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
