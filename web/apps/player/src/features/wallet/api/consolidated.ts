// Consolidated funds (spec section 7, GET /wps/member/info/funds/consolidated):
// everything a real member holds — main wallet, transfer-wallet vendors and
// money held for pending withdrawals. Asked only for real users and only when
// the brand's AGENTPOLICY3 switch is on (spec section 6); the answer is also
// kept under the spec's session-storage key `consolidated`.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export type Consolidated = {
  main: number;
  vendors: number;
  withdrawalHolds: number;
  total: number;
  /** false when a vendor could not be asked: the total leaves that vendor out. */
  complete: boolean;
  currency: string;
  decimals: number;
};

export const CONSOLIDATED_KEY = 'consolidated';

export const consolidatedQuery = (token: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: ['wallet', 'consolidated', token ?? ''] as const,
    queryFn: async ({ signal }) => {
      const v = await apiGet<Consolidated>('/wps/member/info/funds/consolidated', undefined, signal);
      try {
        sessionStorage.setItem(CONSOLIDATED_KEY, JSON.stringify(v));
      } catch {
        /* storage full or blocked: the page still shows it */
      }
      return v;
    },
    enabled: !!token && enabled,
    staleTime: 10_000,
  });
