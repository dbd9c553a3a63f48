// Deposit calls (docs/api.md "Cashier: deposits"). Amounts in answers are
// integer minor units; amounts sent are decimal strings in major units.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export type BankDetails = { bankName: string; accountName: string; accountNumber: string; branch?: string };

export type DepositMethod = {
  code: string;
  type: 'BANK' | 'ONLINE';
  name: string;
  min: number;
  max: number;
  bank?: BankDetails;
  provider?: string;
};

export type DepositMethods = { currency: string; decimals: number; methods: DepositMethod[] };

export type DepositStatus = 'PENDING_PAYMENT' | 'PENDING_REVIEW' | 'CREDITED' | 'FAILED' | 'EXPIRED' | 'REJECTED';

export type Deposit = {
  id: number;
  orderNo: string;
  method: string;
  methodName?: string;
  type?: 'BANK' | 'ONLINE';
  amount: number;
  currency?: string;
  decimals?: number;
  status: DepositStatus;
  reference?: string;
  rejectReason?: string;
  payUrl?: string;
  hasReceipt?: boolean;
  createdAt: number;
  updatedAt?: number;
};

export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

/** Final states: nothing more will happen to the order. */
export const DEPOSIT_FINAL: ReadonlySet<DepositStatus> = new Set(['CREDITED', 'FAILED', 'EXPIRED', 'REJECTED']);

export const depositMethodsQuery = () =>
  queryOptions({
    queryKey: ['cashier', 'deposit', 'methods'] as const,
    queryFn: ({ signal }) => apiGet<DepositMethods>('/wps/cashier/deposit/methods', undefined, signal),
    staleTime: 60_000,
  });

export const depositsQuery = (page = 1, pageSize = 10) =>
  queryOptions({
    queryKey: ['cashier', 'deposits', page, pageSize] as const,
    queryFn: ({ signal }) => apiGet<Page<Deposit>>('/wps/cashier/deposits', { page, pageSize }, signal),
  });

/** The order the payment page sent the player back with (?order=<orderNo>). */
export const depositByOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['cashier', 'deposit', 'order', orderNo] as const,
    queryFn: async ({ signal }) => {
      // The server filters the caller's own deposits by order number.
      const page = await apiGet<Page<Deposit>>('/wps/cashier/deposits', { orderNo, page: 1, pageSize: 1 }, signal);
      const found = page.list.find((d) => d.orderNo === orderNo);
      if (!found) throw Object.assign(new Error('not found'), { code: 'cashier.deposit_not_found' });
      return found;
    },
    // Poll until the provider's answer arrives (credited or failed).
    refetchInterval: (q) => (q.state.data && DEPOSIT_FINAL.has(q.state.data.status) ? false : 2000),
  });

export function receiptUrl(id: number): string {
  return `/wps/cashier/deposits/${id}/receipt`;
}

/** BANK: multipart with the transfer reference and the receipt image. */
export function createBankDeposit(input: { method: string; amount: string; reference: string; receipt: File }, key: string): Promise<Deposit> {
  const form = new FormData();
  form.set('method', input.method);
  form.set('amount', input.amount);
  form.set('reference', input.reference);
  form.set('receipt', input.receipt, input.receipt.name);
  return apiRequest<Deposit>('POST', '/wps/cashier/deposits', { body: form, headers: { 'Idempotency-Key': key } });
}

/**
 * ONLINE: the answer carries payUrl, the provider's hosted page. return
 * "agent": the provider sends the browser back to the agent centre's deposit
 * page rather than the personal centre's.
 */
export function createOnlineDeposit(input: { method: string; amount: string; return?: 'agent' }, key: string): Promise<Deposit> {
  return apiRequest<Deposit>('POST', '/wps/cashier/deposits', { body: input, headers: { 'Idempotency-Key': key } });
}
