// Crash calls (docs/games/crash-server.md): the table (public), a bet and a
// cash-out (members; Idempotency-Key, never retried automatically).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { postInhouse } from '../api';
import { applyMessage, emptyTable, type Table } from './store';
import type { CrashBet, CrashState } from './types';

export type CrashBetAnswer = { bet: CrashBet; balance: number };

export const getCrashState = (signal?: AbortSignal) => apiGet<CrashState>('/wps/inhouse/crash/state', undefined, signal);

/**
 * The table as TanStack Query data: GET state fills it, the websocket's
 * messages update it in place (setQueryData), a refetch (focus, reconnect)
 * replaces it. Keyed by token: the member's own bets are marked.
 */
export const crashTableQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['originals', 'crash', 'table', token ?? ''] as const,
    queryFn: async ({ signal }): Promise<Table> => {
      const st = await getCrashState(signal);
      return applyMessage(emptyTable, { type: 'state', ...st }, Date.now());
    },
    staleTime: Infinity,
    refetchOnWindowFocus: true,
    retry: 2,
  });

export const placeCrashBet = (amount: number, autoCashout: number | null, key: string) =>
  postInhouse<CrashBetAnswer>('crash/bet', autoCashout ? { amount, autoCashout } : { amount }, key);

export const cashOutCrash = (roundId: number | string, key: string) => postInhouse<CrashBetAnswer>('crash/cashout', { roundId }, key);
