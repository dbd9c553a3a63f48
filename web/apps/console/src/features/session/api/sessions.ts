import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type OperatorSession = { id: string | number; createdAt: number; lastSeenAt: number; ip: string; userAgent: string; current: boolean };

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'me', 'sessions'],
    queryFn: ({ signal }) => api.get<{ items: OperatorSession[] }>('/ops/v1/me/sessions', undefined, signal).then((v) => v.items ?? []),
  });

export const revokeSession = (id: string | number) => api.request<null>('DELETE', `/ops/v1/me/sessions/${encodeURIComponent(String(id))}`);
