import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api';

/** GET /wps/v2/wallets/balance: integer minor units; trial users get free-play money (currency FUN). */
export type Balance = {
  balance: number;
  currency: string;
  currencySymbol: string;
  decimals: number;
  freePlay: boolean;
  /** The bonus balance while a bonus is active (games may stake it once main is spent); never withdrawable. */
  bonus?: number;
};

/** The websocket 'balance' event (internal/wallet publishes it after every posting on the member's account). */
export type BalanceEvent = { balance: number; currency: string };

/** Keyed by the session token: a new login never sees the previous member's balance. */
export const balanceQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'balance', token ?? ''] as const,
    queryFn: async ({ signal }) => {
      const v = await apiGet<Balance | null>('/wps/v2/wallets/balance', undefined, signal);
      if (!v || typeof v.balance !== 'number' || typeof v.currency !== 'string') throw new ApiError('server.bad_response', 'no balance', 200);
      return v;
    },
    enabled: !!token,
    // Live changes arrive over the socket; a refetch on focus covers a missed one.
    staleTime: 30_000,
  });

/**
 * Writes a pushed balance into the cache. An event in another currency than
 * the cached one (or before the first answer) asks the server instead.
 */
export function applyBalanceEvent(qc: QueryClient, token: string, ev: BalanceEvent | null | undefined) {
  if (!ev || typeof ev.balance !== 'number' || !Number.isFinite(ev.balance)) return;
  const { queryKey } = balanceQuery(token);
  const old = qc.getQueryData(queryKey);
  if (!old || (ev.currency && ev.currency !== old.currency)) {
    void qc.invalidateQueries({ queryKey });
    return;
  }
  qc.setQueryData(queryKey, { ...old, balance: ev.balance });
}
