import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Game, GameMenu, GamePage, Lane, VendorCard, Winner } from '../types';

export const GAME_PAGE_SIZE = 24;

export const gameMenusQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'menus'] as const,
    queryFn: ({ signal }) => apiGet<GameMenu[]>('/lgw/games/game_menus', undefined, signal),
    staleTime: 10 * 60_000,
  });

/** Vendor lanes, cached for the session (spec section 4) and refreshable by invalidation. */
export const vendorLanesQuery = (language: string) =>
  queryOptions({
    queryKey: ['catalog', 'lanes', language] as const,
    queryFn: ({ signal }) => apiGet<{ lanes: Lane[] }>('/wps/relay/vendorLanes', { platform: 'html5-desktop', language }, signal),
    staleTime: Infinity,
  });

export type GameListFilter = {
  gameType?: string;
  vassalage?: string;
  keyword?: string;
  subCategory?: string;
  selectionType?: 'ALL' | 'HOT' | 'NEW';
  language: string;
  merchant?: string;
};

export const gameListQuery = (f: GameListFilter, pageSize = GAME_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'games', f, pageSize] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGet<GamePage>(
        '/wps/relay/gameList',
        { clientType: 3, platform: 'html5-desktop', ...f, pageNo: pageParam, pageSize },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    staleTime: 5 * 60_000,
  });

/** First page only (home sections of 6). */
export const gameSectionQuery = (gameType: string, language: string, size = 6) =>
  queryOptions({
    queryKey: ['catalog', 'section', gameType, language, size] as const,
    queryFn: ({ signal }) =>
      apiGet<GamePage>('/wps/relay/gameList', { clientType: 3, platform: 'html5-desktop', gameType, language, pageNo: 1, pageSize: size, selectionType: 'HOT' }, signal),
    staleTime: 5 * 60_000,
  });

/** Hot games: 6, cached per session, refreshable. */
export const hotGamesQuery = (language: string, merchantCode?: string) =>
  queryOptions({
    queryKey: ['catalog', 'hot', language] as const,
    queryFn: ({ signal }) =>
      apiGet<{ list: Game[] }>('/wps/relay/hotGames', { merchantCode, isPlatform: 1, platform: 'flash,html5-desktop', language }, signal),
    staleTime: Infinity,
  });

export const winnersQuery = (kind: 'BIG' | 'JACKPOT', language: string, limitNum = 20) =>
  queryOptions({
    queryKey: ['catalog', 'winners', kind, language, limitNum] as const,
    queryFn: ({ signal }) => apiGet<{ list: Winner[] }>('/wps/relay/winners', { gameCategory: 'ALL', language, limitNum, kind }, signal),
    staleTime: 60_000,
  });

export const newVendorsQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'newVendors'] as const,
    queryFn: ({ signal }) => apiGet<{ list: VendorCard[] }>('/wps/relay/newVendors', undefined, signal),
    staleTime: 10 * 60_000,
  });
