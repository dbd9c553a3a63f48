// The points mall's console routes (docs/rewards-api.md "Points mall"):
// items (create, edit, pause, stock), the review of physical goods, a
// player's points. Points are whole numbers; amounts are minor units.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type ItemKind = 'BONUS_CASH' | 'FREE_SPINS' | 'GOODS';
export type Item = {
  id: number;
  kind: ItemKind;
  nameEN: string;
  nameTY: string;
  descEN: string;
  descTY: string;
  imageUrl: string;
  points: number;
  amount: number;
  spins: number;
  wagerMultiple: number;
  stock: number;
  memberLimit: number;
  status: 'ACTIVE' | 'PAUSED';
  sort: number;
};
export type ItemInput = Omit<Item, 'id'>;
export type RedeemStatus = 'IN_PROCESS' | 'APPROVED' | 'REJECTED';
export type Redemption = {
  id: number;
  ref: string;
  memberId: number;
  account: string;
  itemId: number;
  kind: ItemKind | 'CONVERT';
  name: string;
  quantity: number;
  points: number;
  amount: number;
  status: RedeemStatus;
  address: { name: string; phone: string; address: string } | null;
  reason: string;
  createdAt: number;
  reviewedAt: number;
};
export type Entry = {
  id: number;
  ref: string;
  applyTime: number;
  type: string;
  name: string;
  quantity: number;
  status: RedeemStatus;
  changedPoints: number;
  pointsBalance: number;
  remark: string;
};
export type PlayerPoints = {
  balance: { balance: number; earned: number; spent: number };
  history: { list: Entry[]; total: number };
  redemptions: Redemption[];
  currency: string;
  decimals: number;
};

export const PAGE_SIZE = 20;
export const ROOT = ['points'] as const;

export const itemsQuery = () =>
  queryOptions({
    queryKey: [...ROOT, 'items'] as const,
    queryFn: ({ signal }) => api.get<{ list: Item[]; currency: string; decimals: number }>('/ops/v1/points/items', undefined, signal),
  });

export const redemptionsQuery = (status: string, page: number) =>
  queryOptions({
    queryKey: [...ROOT, 'redemptions', status, page] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: Redemption[]; total: number; currency: string; decimals: number }>('/ops/v1/points/redemptions', { status, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const playerPointsQuery = (id: number) =>
  queryOptions({
    queryKey: [...ROOT, 'player', id] as const,
    queryFn: ({ signal }) => api.get<PlayerPoints>(`/ops/v1/players/${id}/points`, { page: 1, pageSize: PAGE_SIZE }, signal),
    enabled: id > 0,
    retry: false,
  });

export const createItem = (body: ItemInput) => api.post<Item>('/ops/v1/points/items', body);
export const updateItem = (id: number, body: ItemInput) => api.request<Item>('PUT', `/ops/v1/points/items/${id}`, { body });
export const setItemStatus = (id: number, status: 'ACTIVE' | 'PAUSED') => api.post<Item>(`/ops/v1/points/items/${id}/status`, { status });
export const approveRedemption = (id: number) => api.post<Redemption>(`/ops/v1/points/redemptions/${id}/approve`, {});
export const rejectRedemption = (id: number, reason: string) => api.post<Redemption>(`/ops/v1/points/redemptions/${id}/reject`, { reason });
