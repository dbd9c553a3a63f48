// Withdrawal calls (docs/api.md "Cashier: withdrawals"): the withdraw info,
// payout accounts, the payment password, withdrawals and the player's
// confirmation of a paid withdrawal.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import type { Page } from './deposit';

export type PayoutType = 'BANK' | 'EWALLET';

export type PayoutAccount = {
  id: number;
  type: PayoutType;
  bankCode: string;
  bankName?: string;
  accountName: string;
  accountNumber: string;
  createdAt?: number;
};

export type PayoutBank = { code: string; name: string; type: PayoutType };

export type WithdrawInfo = {
  balance: number;
  currency: string;
  decimals: number;
  min: number;
  max: number;
  dailyCount: number;
  dailyLimit: number;
  turnover: { required: number; done: number; remaining: number };
  hasPaymentPassword: boolean;
  accounts: PayoutAccount[];
  pending: number;
};

export type WithdrawStatus =
  | 'PENDING_REVIEW'
  | 'REJECTED'
  | 'APPROVED'
  | 'PAYING'
  | 'PAID'
  | 'PAYOUT_FAILED'
  | 'RECEIVED'
  | 'PARTIALLY_RECEIVED'
  | 'NOT_RECEIVED'
  | 'FORCED_RECEIVED'
  | 'FULL_PAYMENT';

export type Withdrawal = {
  id: number;
  orderNo: string;
  amount: number;
  currency?: string;
  decimals?: number;
  status: WithdrawStatus;
  account?: Partial<PayoutAccount>;
  receivedAmount?: number | null;
  remainingAmount?: number | null;
  rejectReason?: string;
  hasProof?: boolean;
  createdAt: number;
  reviewedAt?: number;
  paidAt?: number | null;
  confirmedAt?: number;
  /** When a PAID withdrawal counts as received without the player's answer. */
  forcedReceiptAt?: number | null;
};

export type ConfirmResult = 'RECEIVED' | 'PARTIAL' | 'NOT_RECEIVED';

export const withdrawInfoQuery = () =>
  queryOptions({
    queryKey: ['cashier', 'withdraw', 'info'] as const,
    queryFn: ({ signal }) => apiGet<WithdrawInfo>('/wps/cashier/withdraw/info', undefined, signal),
  });

export const withdrawalsQuery = (page = 1, pageSize = 10) =>
  queryOptions({
    queryKey: ['cashier', 'withdrawals', page, pageSize] as const,
    queryFn: ({ signal }) => apiGet<Page<Withdrawal>>('/wps/cashier/withdrawals', { page, pageSize }, signal),
  });

export const payoutBanksQuery = () =>
  queryOptions({
    queryKey: ['cashier', 'payout-banks'] as const,
    queryFn: async ({ signal }) => {
      const v = await apiGet<PayoutBank[] | { list: PayoutBank[] }>('/wps/member/payout-banks', undefined, signal);
      return Array.isArray(v) ? v : v.list;
    },
    staleTime: 10 * 60_000,
  });

export const payoutAccountsQuery = () =>
  queryOptions({
    queryKey: ['cashier', 'payout-accounts'] as const,
    queryFn: async ({ signal }) => {
      const v = await apiGet<PayoutAccount[] | { list: PayoutAccount[] }>('/wps/member/payout-accounts', undefined, signal);
      return Array.isArray(v) ? v : v.list;
    },
  });

export const paymentPasswordQuery = () =>
  queryOptions({
    queryKey: ['cashier', 'payment-password'] as const,
    queryFn: ({ signal }) => apiGet<{ set: boolean }>('/wps/member/payment-password', undefined, signal),
  });

/** First time: the login password proves the member; later: the old payment password. */
export type PaymentPasswordChange =
  | { password: string; newPaymentPassword: string; confirmPaymentPassword: string }
  | { oldPaymentPassword: string; newPaymentPassword: string; confirmPaymentPassword: string };

export function setPaymentPassword(body: PaymentPasswordChange): Promise<{ set: boolean }> {
  return apiRequest('PUT', '/wps/member/payment-password', { body });
}

export type NewPayoutAccount = { type: PayoutType; bankCode: string; accountName: string; accountNumber: string; paymentPassword: string };

export function addPayoutAccount(body: NewPayoutAccount): Promise<PayoutAccount> {
  return apiRequest('POST', '/wps/member/payout-accounts', { body });
}

export function deletePayoutAccount(id: number, paymentPassword: string): Promise<unknown> {
  return apiRequest('DELETE', `/wps/member/payout-accounts/${id}`, { body: { paymentPassword } });
}

/**
 * forfeitBonus: the member confirmed that withdrawing cancels the active bonus
 * (without it, a member with a bonus is refused with withdraw.bonus_active).
 */
export type NewWithdrawal = { payoutAccountId: number; amount: string; paymentPassword: string; forfeitBonus?: boolean };

export function createWithdrawal(body: NewWithdrawal, key: string): Promise<Withdrawal> {
  return apiRequest('POST', '/wps/cashier/withdrawals', { body, headers: { 'Idempotency-Key': key } });
}

/** The player's answer for a PAID withdrawal (multipart: the proof image is optional except for NOT_RECEIVED). */
export function confirmWithdrawal(id: number, input: { result: ConfirmResult; receivedAmount?: string; proof?: File | null }, key: string): Promise<Withdrawal> {
  const form = new FormData();
  form.set('result', input.result);
  if (input.receivedAmount !== undefined) form.set('receivedAmount', input.receivedAmount);
  if (input.proof) form.set('proof', input.proof, input.proof.name);
  return apiRequest('POST', `/wps/cashier/withdrawals/${id}/confirm`, { body: form, headers: { 'Idempotency-Key': key } });
}

/** States in which the player is asked whether the money arrived. */
export const AWAITING_CONFIRMATION: ReadonlySet<WithdrawStatus> = new Set(['PAID']);
export const PAYMENT_PASSWORD_RE = /^\d{6}$/;
