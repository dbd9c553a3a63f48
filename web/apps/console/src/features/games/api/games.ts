// The games catalogue as the operator sees it (/ops/v1/games, docs/operator-api.md
// "Games"): vendors per category, games, their order, and the in-house games'
// settings. Every change carries a reason; the server audits it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type Window = { from: number; to: number };

export type OpsVendor = {
  code: string;
  gameType: string;
  displayName: string;
  walletType: string;
  disabled: boolean;
  maintenance: boolean;
  maintenanceWindow: Window;
  inMaintenance: boolean;
  isNew: boolean;
  sort: number;
  games: number;
};

export type OpsGame = {
  nodeId: number;
  gameCode: string;
  name: string;
  vendor: string;
  gameType: string;
  subCategory: string;
  disabled: boolean;
  maintenance: boolean;
  maintenanceWindow: Window;
  inMaintenance: boolean;
  isHot: boolean;
  isNew: boolean;
  sort: number;
};

export type GamesPage = { items: OpsGame[]; total: number; page: number; pageSize: number };

export type InhouseGame = {
  game: string;
  name: string;
  minBet: number;
  maxBet: number;
  jackpotContributionBp: number;
  slotProfile?: string;
  ownMinBet: number;
  ownMaxBet: number;
  ownJackpotContributionBp: number;
  ownSlotProfile?: string;
};

export type InhouseSettings = { currency: string; decimals: number; slotProfiles: string[]; items: InhouseGame[] };

export type GamesFilter = { vendor: string; gameType: string; q: string };

export type VendorPatch = Partial<Pick<OpsVendor, 'displayName' | 'disabled' | 'maintenance' | 'maintenanceWindow' | 'isNew' | 'sort'>> & { reason: string };
export type GamePatch = Partial<Pick<OpsGame, 'disabled' | 'maintenance' | 'maintenanceWindow' | 'isHot' | 'isNew' | 'sort' | 'subCategory'>> & { reason: string };
export type InhousePatch = { minBet?: number; maxBet?: number; jackpotContributionBp?: number; slotProfile?: string; reason: string };

/** The catalogue's categories (game.Categories) and sub-categories. */
export const CATEGORIES = ['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'BGS', 'COCKFIGHT'] as const;
export const SUB_CATEGORIES = ['JP', 'TG', 'AC', 'BG'] as const;

export const vendorsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'games', 'vendors'],
    queryFn: ({ signal }) => api.get<{ items: OpsVendor[] }>('/ops/v1/games/vendors', undefined, signal).then((v) => v.items ?? []),
  });

export const gamesQuery = (f: GamesFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['ops', 'games', 'list', f, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<GamesPage>('/ops/v1/games', { vendor: f.vendor || undefined, gameType: f.gameType || undefined, q: f.q.trim() || undefined, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

export const inhouseQuery = () =>
  queryOptions({
    queryKey: ['ops', 'games', 'inhouse'],
    queryFn: ({ signal }) => api.get<InhouseSettings>('/ops/v1/games/inhouse', undefined, signal),
  });

export const patchVendor = (v: Pick<OpsVendor, 'code' | 'gameType'>, p: VendorPatch) =>
  api.request<OpsVendor>('PATCH', `/ops/v1/games/vendors/${encodeURIComponent(v.code)}/${encodeURIComponent(v.gameType)}`, { body: p });

export const patchGame = (nodeId: number, p: GamePatch) => api.request<OpsGame>('PATCH', `/ops/v1/games/${nodeId}`, { body: p });

export const orderGames = (gameType: string, nodeIds: number[], reason: string) => api.post<null>('/ops/v1/games/order', { gameType, nodeIds, reason });

export const patchInhouse = (game: string, p: InhousePatch) => api.request<InhouseGame>('PATCH', `/ops/v1/games/inhouse/${encodeURIComponent(game)}`, { body: p });

/** The category's games in their order, from the first up to index `upto` (pages of 200). */
export async function categoryPrefix(gameType: string, upto: number): Promise<OpsGame[]> {
  const out: OpsGame[] = [];
  for (let page = 1; out.length <= upto; page++) {
    const p = await api.get<GamesPage>('/ops/v1/games', { gameType, page, pageSize: 200 });
    out.push(...p.items);
    if (p.items.length < 200 || out.length >= p.total) break;
  }
  return out;
}

/** The ids that move the game at `index` one place up (-1) or down (+1): the order up to the pair, the pair swapped. */
export function moveOrder(list: readonly OpsGame[], index: number, dir: -1 | 1): number[] | null {
  const other = index + dir;
  if (index < 0 || other < 0 || index >= list.length || other >= list.length) return null;
  const ids = list.slice(0, Math.max(index, other) + 1).map((g) => g.nodeId);
  [ids[index], ids[other]] = [ids[other], ids[index]];
  return ids;
}
