// Maker-checker adjustments: the list (GET /ops/v1/adjustments, read with
// ledger.adjust) and the checker's decisions (ledger.adjust.approve).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const ADJUSTMENT_STATUSES = ['PENDING_APPROVAL', 'POSTED', 'REJECTED'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number] | 'APPROVING';

export type Adjustment = {
  id: number;
  status: AdjustmentStatus;
  memberId: number;
  memberAccount?: string;
  direction: 'CREDIT' | 'DEBIT';
  /** Minor units. */
  amount: number;
  currency: string;
  decimals: number;
  reason: string;
  makerId: number;
  makerName?: string;
  checkerId: number;
  checkerName?: string;
  rejectReason?: string;
  postingId: number;
  balance: number;
  createdAt: number;
  decidedAt: number;
};

type Page = { items: Adjustment[]; total: number; page: number; pageSize: number };

export const adjustmentKeys = { all: ['ops', 'adjustments'] as const };

/** status '' lists every adjustment (direct ones are POSTED). */
async function fetchAdjustments(status: string, page: number, pageSize: number, signal?: AbortSignal): Promise<Page> {
  const v = await api.get<Page>('/ops/v1/adjustments', { status: status || undefined, page, pageSize }, signal);
  return { ...v, items: v.items ?? [] };
}

export const adjustmentsQuery = (status: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...adjustmentKeys.all, status, page, pageSize],
    queryFn: ({ signal }) => fetchAdjustments(status, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const approveAdjustment = (id: number) => api.post<{ adjustment: Adjustment }>(`/ops/v1/adjustments/${id}/approve`).then((v) => v.adjustment);
export const rejectAdjustment = (id: number, reason: string) =>
  api.post<{ adjustment: Adjustment }>(`/ops/v1/adjustments/${id}/reject`, { reason }).then((v) => v.adjustment);
