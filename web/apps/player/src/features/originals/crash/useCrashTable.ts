// The live Crash table: GET state through TanStack Query, kept current by
// the websocket (each message applied to the cached table), resynchronised
// whenever the socket comes back, the tab becomes visible or the network
// returns.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crashTableQuery } from './api';
import { connectCrash, type LinkStatus } from './connection';
import { applyMessage, emptyTable, type Table } from './store';
import type { CrashBet } from './types';

export function useCrashTable(token: string | undefined) {
  const qc = useQueryClient();
  const query = useQuery(crashTableQuery(token));
  const [link, setLink] = useState<LinkStatus>('connecting');

  useEffect(() => {
    const key = crashTableQuery(token).queryKey;
    const conn = connectCrash({
      token,
      onMessage: (msg, at) => qc.setQueryData<Table>(key, (t) => applyMessage(t ?? emptyTable, msg, at)),
      onStatus: setLink,
      onDown: () => void qc.invalidateQueries({ queryKey: key }),
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') conn.reconnectNow();
    };
    const onOnline = () => conn.reconnectNow();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      conn.close();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [token, qc]);

  /** Applies the bet a POST answered before the socket's echo arrives. */
  const applyOwnBet = (bet: CrashBet) => {
    qc.setQueryData<Table>(crashTableQuery(token).queryKey, (t) => applyMessage(t ?? emptyTable, { type: 'bet', bet: { ...bet, mine: true } }, Date.now()));
  };

  return { table: query.data ?? emptyTable, link, loading: query.isPending, error: query.error, refetch: query.refetch, applyOwnBet };
}
