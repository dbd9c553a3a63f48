import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Operator } from './types';

/** GET /ops/v1/me: {operator:{...}} per the contract; today's server answers the operator itself. */
export async function fetchMe(signal?: AbortSignal): Promise<Operator> {
  const v = await api.get<Operator | { operator: Operator }>('/ops/v1/me', undefined, signal);
  const op = 'operator' in v ? v.operator : v;
  return { ...op, permissions: op.permissions ?? [] };
}

export const meQuery = (token: string | null) =>
  queryOptions({ queryKey: ['ops', 'me', token], queryFn: ({ signal }) => fetchMe(signal), enabled: !!token, staleTime: 60_000 });

export const useMe = (token: string | null) => useQuery(meQuery(token));
