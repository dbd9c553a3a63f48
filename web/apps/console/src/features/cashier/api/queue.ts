// The cashier queues (GET /ops/v1/cashier/deposits and /withdrawals): one
// row shape for both, the filter as query parameters, the decisions, the
// receipt / proof image as a blob URL (fetched with the bearer token), the
// server's CSV of the filter and the queue report.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type Kind = 'deposits' | 'withdrawals';

export const DEPOSIT_STATUSES = ['PENDING_REVIEW', 'PENDING_PAYMENT', 'CREDITING', 'CREDITED', 'FAILED', 'EXPIRED', 'REJECTED'] as const;
export const WITHDRAWAL_STATUSES = [
  'PENDING_REVIEW',
  'APPROVED',
  'PAYING',
  'PAID',
  'PAYOUT_FAILED',
  'REJECTED',
  'RECEIVED',
  'PARTIALLY_RECEIVED',
  'NOT_RECEIVED',
  'FORCED_RECEIVED',
  'FULL_PAYMENT',
] as const;
export const statusesOf = (k: Kind): readonly string[] => (k === 'deposits' ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES);

/** Flags in the order the server lists them (withdrawals: internal/withdraw/risk.go; deposits: first_deposit). */
export const RISK_FLAGS = [
  'turnover_not_met',
  'payee_mismatch',
  'shared_payout_account',
  'shared_ip',
  'new_payout_account',
  'unusual_amount',
  'first_withdrawal',
  'first_deposit',
  'amount_mismatch',
  'provider_error',
] as const;

export type QueueRow = {
  kind: Kind;
  id: number;
  orderNo: string;
  memberId: number;
  username: string;
  amount: number;
  currency: string;
  decimals: number;
  status: string;
  /** Deposit: the method code and BANK/ONLINE; withdrawal: the payout account. */
  method: string;
  methodType: string;
  account: { type: string; bankName: string; accountName: string; accountNumber: string } | null;
  reference: string;
  createdAt: number;
  updatedAt: number;
  risks: string[];
  needsCode: boolean;
  hasImage: boolean;
  rejectReason: string;
  decidedBy: number;
  remainingAmount: number;
};

export type QueueFilter = { status: string; orderNo: string; member: string; from: string; to: string };
/** The queue opens on what waits for a decision. */
export const defaultFilter: QueueFilter = { status: 'PENDING_REVIEW', orderNo: '', member: '', from: '', to: '' };

type Raw = Record<string, unknown>;
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

export function normalizeRow(kind: Kind, r: Raw): QueueRow {
  const acct = r.account && typeof r.account === 'object' ? (r.account as Raw) : null;
  const risks = Array.isArray(r.risks) ? r.risks.map(String) : [];
  if (kind === 'deposits' && r.flag) risks.push(String(r.flag));
  return {
    kind,
    id: num(r.id),
    orderNo: str(r.orderNo),
    memberId: num(r.memberId),
    username: str(r.memberAccount),
    amount: num(r.amount),
    currency: str(r.currency),
    decimals: r.decimals === undefined ? 2 : num(r.decimals),
    status: str(r.status),
    method: kind === 'deposits' ? str(r.method) : str(acct?.bankName || acct?.bankCode),
    methodType: kind === 'deposits' ? str(r.type) : str(acct?.type),
    account: acct ? { type: str(acct.type), bankName: str(acct.bankName || acct.bankCode), accountName: str(acct.accountName), accountNumber: str(acct.accountNumber) } : null,
    reference: str(r.reference),
    createdAt: num(r.createdAt),
    updatedAt: num(r.updatedAt ?? r.reviewedAt),
    risks,
    needsCode: r.needsCode === true,
    hasImage: kind === 'deposits' ? r.hasReceipt === true : r.hasProof === true,
    rejectReason: str(r.rejectReason),
    decidedBy: num(r.decidedBy ?? r.reviewedBy),
    remainingAmount: num(r.remainingAmount),
  };
}

export function queueParams(f: QueueFilter, page?: number, pageSize?: number) {
  return {
    page,
    pageSize,
    status: f.status || undefined,
    orderNo: f.orderNo.trim() || undefined,
    member: f.member.trim() || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
}

type RawPage = { list?: Raw[]; total?: number; totalCapped?: boolean; page?: number; pageSize?: number };

export async function fetchQueue(kind: Kind, f: QueueFilter, page: number, pageSize: number, signal?: AbortSignal) {
  const v = await api.get<RawPage>(`/ops/v1/cashier/${kind}`, queueParams(f, page, pageSize), signal);
  const rows = (v.list ?? []).map((r) => normalizeRow(kind, r));
  // totalCapped: the server counted up to total (10,000) and there are more.
  return { rows, total: v.total ?? rows.length, totalCapped: v.totalCapped === true };
}

export const queueQuery = (kind: Kind, f: QueueFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['ops', 'cashier', kind, f, page, pageSize],
    queryFn: ({ signal }) => fetchQueue(kind, f, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export async function fetchOrder(kind: Kind, id: number, signal?: AbortSignal): Promise<QueueRow> {
  return normalizeRow(kind, await api.get<Raw>(`/ops/v1/cashier/${kind}/${id}`, undefined, signal));
}

export const orderQuery = (kind: Kind, id: number) =>
  queryOptions({ queryKey: ['ops', 'cashier', kind, 'one', id], queryFn: ({ signal }) => fetchOrder(kind, id, signal) });

/** The receipt (deposit) or proof (withdrawal) as a blob URL; the caller revokes it. */
export async function fetchImage(kind: Kind, id: number, signal?: AbortSignal): Promise<string> {
  const res = await api.raw('GET', `/ops/v1/cashier/${kind}/${id}/${kind === 'deposits' ? 'receipt' : 'proof'}`, { signal, headers: { Accept: 'image/*' } });
  return URL.createObjectURL(await res.blob());
}

export type Decision = { action: 'approve' } | { action: 'reject'; reason: string } | { action: 'full-payment' };

export async function decide(kind: Kind, id: number, d: Decision, otp?: string): Promise<QueueRow> {
  const body = d.action === 'reject' ? { reason: d.reason.trim() } : d.action === 'approve' && otp ? { otp } : {};
  return normalizeRow(kind, await api.post<Raw>(`/ops/v1/cashier/${kind}/${id}/${d.action}`, body));
}

/** The server's CSV of the filter (every page); saved under the server's file name. */
export async function downloadQueueCsv(kind: Kind, f: QueueFilter): Promise<void> {
  const res = await api.raw('GET', `/ops/v1/cashier/${kind}`, { params: { ...queueParams(f), format: 'csv' }, headers: { Accept: 'text/csv' } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `${kind}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The player as the players' API shows them (players.read), for the detail. */
export type PlayerInfo = { id: number; username: string; status: string; createdAt: number; lastLoginAt: number; lastLoginIp: string; payeeName: string; balance: number | null };

export async function fetchPlayer(id: number, signal?: AbortSignal): Promise<PlayerInfo> {
  const v = await api.get<Raw>(`/ops/v1/players/${id}`, undefined, signal);
  const p = (v.player ?? {}) as Raw;
  const b = (v.balances ?? {}) as Raw;
  return {
    id: num(p.id),
    username: str(p.username),
    status: str(p.status),
    createdAt: num(p.createdAt),
    lastLoginAt: num(p.lastLoginAt),
    lastLoginIp: str(p.lastLoginIp),
    payeeName: str(p.payeeName),
    balance: b.main === undefined ? null : num(b.main),
  };
}

export type QueueReport = {
  from: number;
  to: number;
  count: number;
  amount: number;
  byStatus: { status: string; count: number; amount: number }[];
  decided: { approved: number; rejected: number; approvalRatioBp: number; avgDecisionMs: number };
  byOperator: { operatorId: number; approved: number; rejected: number; approvalRatioBp: number; avgDecisionMs: number }[];
};

export const reportQuery = (kind: Kind, from: string, to: string) =>
  queryOptions({
    queryKey: ['ops', 'cashier', kind, 'report', from, to],
    queryFn: ({ signal }) => api.get<QueueReport>(`/ops/v1/cashier/${kind}/report`, { from: from || undefined, to: to || undefined }, signal),
    placeholderData: keepPreviousData,
  });
