import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { applyBalanceEvent, balanceQuery, type BalanceEvent } from '../api/balance';
import { createThrottle } from './throttle';

export const REFRESH_THROTTLE_MS = 1000;

/**
 * The member's balance, kept live: socket 'balance' events are written into
 * the query cache, and a reconnect of the socket refetches.
 * The socket module is imported on demand, as lib/session does, so it
 * never joins the entry chunk.
 */
export function useBalance() {
  const { token } = useSession();
  const qc = useQueryClient();
  const query = useQuery(balanceQuery(token));

  useEffect(() => {
    if (!token) return;
    let dead = false;
    let off: (() => void) | undefined;
    void import('@/lib/socket').then((m) => {
      if (dead) return;
      const offBalance = m.subscribe<BalanceEvent>('balance', (ev) => applyBalanceEvent(qc, token, ev.data));
      // A reconnect refetches (events may have been missed while it was down);
      // the socket's first connection after login or a reload does not: the
      // query has just loaded.
      let initial = !m.socketOpen();
      const offOpen = m.subscribe('open', () => {
        if (initial) {
          initial = false;
          return;
        }
        void qc.invalidateQueries({ queryKey: balanceQuery(token).queryKey });
      });
      off = () => {
        offBalance();
        offOpen();
      };
    });
    return () => {
      dead = true;
      off?.();
    };
  }, [qc, token]);

  const throttle = useMemo(() => createThrottle(REFRESH_THROTTLE_MS), []);
  const { data, isPending, isError, isFetching, refetch } = query;
  const refresh = useMemo(() => () => throttle(() => void refetch()), [throttle, refetch]);
  return { data, isPending, isError, isFetching, refresh };
}
