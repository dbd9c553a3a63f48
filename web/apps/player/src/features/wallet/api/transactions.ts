// The account record (transactionHistory): ledger lines of the member's own
// accounts, filtered by date range and type, paged, with the totals in and out
// of the whole filter, and a CSV export of the same filter.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, buildUrl, getApiLanguage } from '@/lib/api';

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'bet', 'win', 'bonus', 'adjustment', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export type Transaction = {
  id: number | string;
  /** Unix ms. */
  time: number;
  type: string;
  /** The ledger kind (withdrawal_hold, ...). */
  kind?: string;
  /** MAIN, HOLD, BONUS, COMMISSION or a vendor code: which of the member's wallets moved. */
  wallet?: string;
  /** Signed minor units: positive money in, negative money out. */
  amount: number;
  balanceAfter: number;
  reference: string;
  remark?: string;
  /** A system reason (internal/wallet RemarkCodes), translated as wallet:record.remarks.<code>. */
  remarkCode?: string;
};

export type TransactionPage = {
  list: Transaction[];
  total: number;
  page: number;
  pageSize: number;
  sums: { in: number; out: number };
  currency?: string;
  decimals?: number;
  /** The brand's time zone the dates are read in. */
  timezone?: string;
};

export type TransactionFilter = { from: string; to: string; type: TransactionType | ''; page: number; pageSize: number };

export const PAGE_SIZE = 20;

export const transactionsQuery = (token: string | undefined, f: TransactionFilter) =>
  queryOptions({
    queryKey: ['wallet', 'transactions', token ?? '', f] as const,
    queryFn: ({ signal }) =>
      apiGet<TransactionPage>('/wps/v2/wallets/transactions', { from: f.from, to: f.to, type: f.type || undefined, page: f.page, pageSize: f.pageSize }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

const CSV_PATH = '/wps/v2/wallets/transactions.csv';

export function csvFileName(f: Pick<TransactionFilter, 'from' | 'to' | 'type'>, disposition?: string | null): string {
  const m = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (m) {
    try {
      return decodeURIComponent(m[1]);
    } catch {
      return m[1];
    }
  }
  return `account-record_${f.from}_${f.to}${f.type ? `_${f.type}` : ''}.csv`;
}

/**
 * Downloads the CSV of this filter. The session token is not a cookie, so a
 * plain link would not be authorised: fetch with the Authorization header,
 * then save the blob through a temporary object URL.
 */
export async function downloadTransactionsCsv(token: string, f: Pick<TransactionFilter, 'from' | 'to' | 'type'>): Promise<string> {
  const url = buildUrl(CSV_PATH, { from: f.from, to: f.to, type: f.type || undefined });
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'X-Lang': getApiLanguage(), Accept: 'text/csv' }, credentials: 'same-origin' });
  } catch {
    throw new ApiError('network.offline', 'Network link is abnormal', 0);
  }
  if (!res.ok) {
    let code = 'server.internal';
    let message = res.statusText;
    try {
      const env = (await res.json()) as { code?: string; message?: string };
      code = env.code || code;
      message = env.message || message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(code, message, res.status);
  }
  const blob = await res.blob();
  const name = csvFileName(f, res.headers.get('Content-Disposition'));
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
