// The /favorite and /recent pages: favourite and recent games a page at a
// time ("load more" appends the next page, spec section 4). The keys sit
// under the favourite toggle's ['catalog', 'favourites'] prefix, so a toggle
// refreshes the favourites page too. Only the lazy pages import this file.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Game } from '../types';
import { RECENT_PAGE_SIZE } from './favourites';

export type AccountListKind = 'favorite' | 'recent';
/** Games per page on the /favorite page (the game list's page size). */
export const FAVOURITE_PAGE_SIZE_PAGED = 24;

export type AccountPage = { games: Game[]; pageNum: number; totalPages: number };

type FavouriteAnswer = { content: Game[]; pageNum: number; totalPages: number };
type RecentAnswer = { list: Game[]; pageNum: number; totalPages: number };

export async function fetchAccountPage(kind: AccountListKind, language: string, pageNo: number, signal?: AbortSignal): Promise<AccountPage> {
  if (kind === 'favorite') {
    const v = await apiGet<FavouriteAnswer>(
      '/wps/relay/favoriteList',
      { clientType: 3, platform: 'html5-desktop', language, pageNo, pageSize: FAVOURITE_PAGE_SIZE_PAGED },
      signal,
    );
    return { games: v.content ?? [], pageNum: v.pageNum, totalPages: v.totalPages };
  }
  const v = await apiGet<RecentAnswer>('/wps/relay/recentGames', { clientType: 3, language, pageNo, pageSize: RECENT_PAGE_SIZE }, signal);
  return { games: v.list ?? [], pageNum: v.pageNum ?? pageNo, totalPages: v.totalPages ?? pageNo };
}

export const accountPagesQuery = (kind: AccountListKind, language: string) =>
  infiniteQueryOptions({
    queryKey: ['catalog', kind === 'favorite' ? 'favourites' : 'recent', 'pages', language] as const,
    queryFn: ({ pageParam, signal }) => fetchAccountPage(kind, language, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: AccountPage) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    staleTime: 60_000,
  });
