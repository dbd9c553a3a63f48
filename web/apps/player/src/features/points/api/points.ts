// The points mall (docs/rewards-api.md "Points mall", /pointMall): the
// member's points, the items, redeeming (payment password; sealed), the
// redeem history, the points history with the spec's fields, the rules and
// the conversion to cash. Points are whole numbers; amounts are integer
// minor units of the config's currency; times are epoch ms.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export type ItemKind = 'BONUS_CASH' | 'FREE_SPINS' | 'GOODS';
export type RedemptionKind = ItemKind | 'CONVERT';
export type RedeemStatus = 'IN_PROCESS' | 'APPROVED' | 'REJECTED';
export type EntryType = 'EARN_BET' | 'EARN_DEPOSIT' | 'REDEEM' | 'CONVERT' | 'REFUND';

export type PointsSummary = { balance: number; earned: number; spent: number };
export type PointsRule = { category: string; per: number; points: number };
export type PointsConfig = {
  earn: PointsRule[];
  convertPoints: number;
  convertAmount: number;
  convertMin: number;
  convertOn: boolean;
  claimDays: number;
  maxQuantity: number;
  currency: string;
  decimals: number;
};
export type PointsItem = {
  id: number;
  kind: ItemKind;
  name: string;
  description: string;
  imageUrl: string;
  points: number;
  /** BONUS_CASH: the cash; FREE_SPINS: the bet of one spin. */
  amount: number;
  spins: number;
  wagerMultiple: number;
  /** -1: unlimited. */
  stock: number;
  /** 0: no limit per member. */
  memberLimit: number;
  /** How many the member holds (not rejected). */
  redeemed: number;
};
export type Address = { name: string; phone: string; address: string };
export type Redemption = {
  id: number;
  ref: string;
  itemId: number;
  kind: RedemptionKind;
  name: string;
  quantity: number;
  points: number;
  amount: number;
  status: RedeemStatus;
  address: Address | null;
  reason: string;
  createdAt: number;
  reviewedAt: number;
};
export type PointsEntry = {
  id: number;
  ref: string;
  applyTime: number;
  type: EntryType;
  name: string;
  quantity: number;
  pointsRequirement: number;
  amountRequirement: number;
  status: RedeemStatus;
  changedPoints: number;
  pointsBalance: number;
  remark: string;
};
export type Page<T> = { list: T[]; total: number };

export const POINTS_PAGE_SIZE = 20;
/** The root of every points query: what a redeem or a conversion refreshes. */
export const POINTS_QUERY_ROOT = ['points'] as const;

export const pointsBalanceQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_ROOT, 'balance', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<PointsSummary>('/wps/points/balance', undefined, signal),
    enabled: !!token,
  });

export const pointsConfigQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_ROOT, 'config', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<PointsConfig>('/wps/points/config', undefined, signal),
    enabled: !!token,
    staleTime: 60_000,
  });

export const pointsItemsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_ROOT, 'items', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<{ list: PointsItem[] }>('/wps/points/items', undefined, signal),
    enabled: !!token,
  });

export const redemptionsQuery = (token: string | undefined, pageNo: number) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_ROOT, 'redemptions', token ?? '', pageNo] as const,
    queryFn: ({ signal }) => apiGet<Page<Redemption>>('/wps/points/redemptions', { pageNo, pageSize: POINTS_PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export const pointsHistoryQuery = (token: string | undefined, pageNo: number) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_ROOT, 'history', token ?? '', pageNo] as const,
    queryFn: ({ signal }) => apiGet<Page<PointsEntry>>('/wps/points/history', { pageNo, pageSize: POINTS_PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export type RedeemRequest = { itemId: number; quantity: number; paymentPassword: string; address?: Address };

/** Sealed (E) and password-checked; the key makes a resend after a lost answer redeem once. */
export function redeemItem(req: RedeemRequest, key: string): Promise<Redemption> {
  return apiRequest('POST', '/wps/points/redeem', { body: req, headers: { 'Idempotency-Key': key } });
}

export function convertPoints(req: { points: number; paymentPassword: string }, key: string): Promise<Redemption> {
  return apiRequest('POST', '/wps/points/convert', { body: req, headers: { 'Idempotency-Key': key } });
}
