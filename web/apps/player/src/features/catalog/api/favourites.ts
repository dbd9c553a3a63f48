// Account game lists (spec sections 4 and 7): favourite ids, favourite list,
// recent games, and the favourite toggle. Only fetched for members.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { apiGet, apiRequest } from '@/lib/api';
import { useSessionState, useUiActions } from '@/lib/ui-actions';
import type { Game } from '../types';

export const FAVOURITE_PAGE_SIZE = 999;
export const RECENT_PAGE_SIZE = 20;
/** Spec section 9: the favourite toggle fires at most once per second (any tile). */
export const FAVOURITE_THROTTLE_MS = 1000;

export const favouriteIdsQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'favourites', 'ids'] as const,
    queryFn: ({ signal }) => apiGet<{ list: number[] }>('/wps/relay/favoriteIds', undefined, signal),
    staleTime: 60_000,
  });

export const favouriteListQuery = (language: string, gameType?: string) =>
  queryOptions({
    queryKey: ['catalog', 'favourites', 'list', language, gameType ?? ''] as const,
    queryFn: ({ signal }) =>
      apiGet<{ content: Game[]; pageNum: number; totalPages: number }>(
        '/wps/relay/favoriteList',
        { clientType: 3, platform: 'html5-desktop', language, pageNo: 1, pageSize: FAVOURITE_PAGE_SIZE, gameType },
        signal,
      ),
    staleTime: 60_000,
  });

export const recentGamesQuery = (language: string, gameType?: string) =>
  queryOptions({
    queryKey: ['catalog', 'recent', language, gameType ?? ''] as const,
    queryFn: ({ signal }) =>
      apiGet<{ list: Game[] }>('/wps/relay/recentGames', { clientType: 3, language, pageNo: 1, pageSize: RECENT_PAGE_SIZE, gameType }, signal),
    staleTime: 60_000,
  });

export function useFavouriteIds() {
  const { loggedIn } = useSessionState();
  return useQuery({ ...favouriteIdsQuery(), enabled: loggedIn });
}

/** Favourite toggle: visitors get the not-logged-in prompt; members update locally before the server call. */
export function useFavouriteToggle() {
  const { requireLogin } = useUiActions();
  const { loggedIn } = useSessionState();
  const qc = useQueryClient();
  const ids = useFavouriteIds();
  const last = useRef(0);
  const mutation = useMutation({
    mutationFn: ({ game, add }: { game: Game; add: boolean }) =>
      add
        ? apiRequest('POST', '/wps/relay/favorite', { body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType } })
        : apiRequest('DELETE', '/wps/relay/favorite', { params: { nodeId: game.nodeId } }),
    onMutate: async ({ game, add }) => {
      const key = favouriteIdsQuery().queryKey;
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData(key);
      qc.setQueryData(key, (old) => {
        const list = old?.list ?? [];
        return { list: add ? [...list, game.nodeId] : list.filter((id) => id !== game.nodeId) };
      });
      return { prev };
    },
    onError: (_e, _v, ctx) => ctx?.prev && qc.setQueryData(favouriteIdsQuery().queryKey, ctx.prev),
    onSettled: () => qc.invalidateQueries({ queryKey: ['catalog', 'favourites'] }),
  });

  const isFavourite = useCallback((nodeId: number) => !!ids.data?.list.includes(nodeId), [ids.data]);

  const toggle = useCallback(
    (game: Game) => {
      if (!loggedIn) {
        requireLogin();
        return;
      }
      const now = Date.now();
      if (now - last.current < FAVOURITE_THROTTLE_MS) return;
      last.current = now;
      mutation.mutate({ game, add: !isFavourite(game.nodeId) });
    },
    [loggedIn, requireLogin, mutation, isFavourite],
  );

  return { isFavourite, toggle };
}
