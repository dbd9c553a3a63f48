// My wallet (transferFund, contract "Wallet transfer, account record"): the
// main wallet and one wallet per transfer-wallet vendor, transfers between
// main and a vendor, transfer-all-back, and the status check that settles a
// transfer whose vendor answer was lost. Amounts are integer minor units.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export type VendorWallet = { vendor: string; name: string; balance: number; status: 'OK' | 'UNAVAILABLE' | string };

/** GET /wps/v2/wallets (T; members and agents). */
export type Wallets = {
  main: { balance: number };
  vendors: VendorWallet[];
  total: number;
  currency: string;
  decimals: number;
};

/** GET /wps/v2/wallets/merchant: isSingle when no enabled vendor uses a transfer wallet. */
export type Merchant = { isSingle: boolean };

export type TransferStatus = 'SUCCESS' | 'PENDING' | 'FAILED';

/** The wallets a transfer touched, after it. */
export type Balances = { main: number; vendors: VendorWallet[] };

/** POST /wps/v2/wallets/transfer and GET /wps/v2/wallets/transfer/{id}. */
export type Transfer = {
  id: number | string;
  status: TransferStatus;
  from?: string;
  to?: string;
  vendor?: string;
  amount?: number;
  /** An errors.<code> explaining a FAILED transfer. */
  failureCode?: string;
  balances?: Balances;
};

/** POST /wps/v2/wallets/transfer/all-back: one result per vendor that held money. */
export type AllBack = {
  transfers?: Transfer[];
  balances?: Balances;
};

export const MAIN = 'MAIN';

export const walletsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'wallets', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<Wallets>('/wps/v2/wallets', undefined, signal),
    enabled: !!token,
    staleTime: 10_000,
  });

export const merchantQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'merchant'] as const,
    queryFn: ({ signal }) => apiGet<Merchant>('/wps/v2/wallets/merchant', undefined, signal),
    // The spec caches the merchant wallet: it changes only when the brand does.
    staleTime: 10 * 60_000,
  });

export function postTransfer(body: { from: string; to: string; amount: string }, idempotencyKey: string): Promise<Transfer> {
  return apiRequest<Transfer>('POST', '/wps/v2/wallets/transfer', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function postAllBack(idempotencyKey: string): Promise<AllBack> {
  return apiRequest<AllBack>('POST', '/wps/v2/wallets/transfer/all-back', { body: {}, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function getTransfer(id: number | string, signal?: AbortSignal): Promise<Transfer> {
  return apiGet<Transfer>(`/wps/v2/wallets/transfer/${encodeURIComponent(String(id))}`, undefined, signal);
}

/**
 * The cached wallets with a mutation's balances applied (the main balance and
 * the vendors it names); undefined when there is nothing to apply to.
 */
export function mergeBalances(old: Wallets | undefined, b: Balances | undefined): Wallets | undefined {
  if (!old || !b || typeof b.main !== 'number' || !Array.isArray(b.vendors)) return undefined;
  const touched = new Map(b.vendors.map((v) => [v.vendor, v]));
  const vendors = old.vendors.map((v) => touched.get(v.vendor) ?? v);
  const total = b.main + vendors.reduce((a, v) => a + (v.status === 'OK' ? v.balance : 0), 0);
  return { ...old, main: { balance: b.main }, vendors, total };
}
