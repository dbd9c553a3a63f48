// Operator management (operators.manage): GET/POST /ops/v1/operators,
// PATCH /ops/v1/operators/{id}, reset-totp, sessions/revoke.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const ROLES = ['ADMIN', 'FINANCE', 'CASHIER', 'CONTENT', 'SUPPORT', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

export type OperatorRow = {
  id: number;
  username: string;
  role: Role;
  status: 'ACTIVE' | 'DISABLED';
  totpEnrolled: boolean;
  /** Unix ms, 0: never. */
  lastLoginAt: number;
  createdAt: number;
};

type Page = { items: OperatorRow[]; total: number; page: number; pageSize: number };

export const operatorKeys = { all: ['ops', 'operators'] as const };

async function fetchOperators(q: string, page: number, pageSize: number, signal?: AbortSignal): Promise<Page> {
  const v = await api.get<Page>('/ops/v1/operators', { q: q || undefined, page, pageSize }, signal);
  return { ...v, items: v.items ?? [] };
}

export const operatorsQuery = (q: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...operatorKeys.all, q, page, pageSize],
    queryFn: ({ signal }) => fetchOperators(q, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export type NewOperator = { username: string; password: string; role: Role };
export const createOperator = (body: NewOperator) => api.post<{ operator: OperatorRow }>('/ops/v1/operators', body).then((v) => v.operator);

export type OperatorPatch = { role?: Role; status?: 'ACTIVE' | 'DISABLED'; reason?: string };
export const patchOperator = (id: number, body: OperatorPatch) =>
  api.request<{ operator: OperatorRow }>('PATCH', `/ops/v1/operators/${id}`, { body }).then((v) => v.operator);

export const resetTotp = (id: number) => api.post<{ operator: OperatorRow }>(`/ops/v1/operators/${id}/reset-totp`).then((v) => v.operator);
export const revokeSessions = (id: number) => api.post<{ revoked: number }>(`/ops/v1/operators/${id}/sessions/revoke`).then((v) => v.revoked);
