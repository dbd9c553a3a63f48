// The agent reports (internal/agent/teamreport, docs/agent-reports-api.md):
// team overview, user loss, team betting and account details, for a period of
// brand days; the list reports page and export CSV (format=csv).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, buildUrl, getApiLanguage } from '@/lib/api';

export const REPORT_PAGE_SIZE = 20;
/** The server's longest period (teamreport.invalid_range). */
export const REPORT_MAX_DAYS = 31;

export type Period = { from: string; to: string };
type Money = { from: string; to: string; timezone: string; currency: string; decimals: number };

export type OverviewDay = {
  day: string;
  newMembers: number;
  activeMembers: number;
  firstDepositors: number;
  deposits: number;
  depositCount: number;
  withdrawals: number;
  withdrawalCount: number;
  bets: number;
  validBets: number;
  wins: number;
  rounds: number;
  profit: number;
};
export type Overview = Money &
  Omit<OverviewDay, 'day'> & { teamSize: number; directSize: number; firstDepositAmount: number; balance: number | null; days: OverviewDay[] };

export type LossLine = {
  memberId: number;
  username: string;
  isAgent: boolean;
  teamSize: number;
  bets: number;
  validBets: number;
  wins: number;
  rounds: number;
  profit: number;
  loss: number;
  deposits: number;
  withdrawals: number;
};
export type LossSort = 'profit' | 'validBets' | 'bets' | 'wins' | 'deposits' | 'withdrawals';
export type LossPage = Money & { parent: number; total: number; pageNo: number; pageSize: number; sums: Omit<LossLine, 'memberId' | 'username' | 'isAgent' | 'teamSize'>; list: LossLine[] };

export type TeamBet = {
  id: number;
  memberId: number;
  username: string;
  roundId: string;
  vendor: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  bet: number;
  validBet: number;
  win: number;
  profit: number;
  status: string;
  startedAt: number;
  endedAt: number;
};
export type BetsPage = Money & { total: number; pageNo: number; pageSize: number; sums: { bet: number; validBet: number; win: number; profit: number; rounds: number }; list: TeamBet[] };

export type TeamTransaction = {
  id: string;
  memberId: number;
  username: string;
  time: number;
  type: string;
  kind: string;
  wallet: string;
  amount: number;
  balanceAfter: number;
  reference: string;
  remark: string;
  remarkCode: string;
};
export type TransactionsPage = Money & { total: number; pageNo: number; pageSize: number; sums: { in: number; out: number }; list: TeamTransaction[] };

export const TEAM_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'bet', 'win', 'bonus', 'adjustment', 'refund'] as const;
export const BET_STATUSES = ['OPEN', 'COMPLETED', 'CANCELLED'] as const;

export type LossFilter = Period & { parent?: number; sort: LossSort; order: 'asc' | 'desc'; pageNo: number };
export type BetsFilter = Period & { username?: string; gameType?: string; status?: string; pageNo: number };
export type TransactionsFilter = Period & { username?: string; type?: string; pageNo: number };

const clean = (o: Record<string, string | number | undefined>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(o).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== ''));

export const overviewQuery = (p: Period) =>
  queryOptions({
    queryKey: ['agent', 'report', 'overview', p] as const,
    queryFn: ({ signal }) => apiGet<Overview>('/wps/agent/report/overview', { from: p.from, to: p.to }, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const lossParams = (f: LossFilter) => clean({ from: f.from, to: f.to, parent: f.parent || undefined, sort: f.sort, order: f.order, pageNo: f.pageNo, pageSize: REPORT_PAGE_SIZE });
export const lossQuery = (f: LossFilter) =>
  queryOptions({
    queryKey: ['agent', 'report', 'loss', f] as const,
    queryFn: ({ signal }) => apiGet<LossPage>('/wps/agent/report/loss', lossParams(f), signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const betsParams = (f: BetsFilter) => clean({ from: f.from, to: f.to, username: f.username, gameType: f.gameType, status: f.status, pageNo: f.pageNo, pageSize: REPORT_PAGE_SIZE });
export const betsQuery = (f: BetsFilter) =>
  queryOptions({
    queryKey: ['agent', 'report', 'bets', f] as const,
    queryFn: ({ signal }) => apiGet<BetsPage>('/wps/agent/report/bets', betsParams(f), signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const transactionsParams = (f: TransactionsFilter) => clean({ from: f.from, to: f.to, username: f.username, type: f.type, pageNo: f.pageNo, pageSize: REPORT_PAGE_SIZE });
export const teamTransactionsQuery = (f: TransactionsFilter) =>
  queryOptions({
    queryKey: ['agent', 'report', 'transactions', f] as const,
    queryFn: ({ signal }) => apiGet<TransactionsPage>('/wps/agent/report/transactions', transactionsParams(f), signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/**
 * Downloads a report's CSV (format=csv of the same filter). The session token
 * is not a cookie: fetch with the Authorization header, save the blob.
 */
export async function downloadReportCsv(path: string, params: Record<string, string | number>, name: string): Promise<string> {
  const { pageNo: _p, pageSize: _s, ...rest } = params;
  const url = buildUrl(path, { ...rest, format: 'csv' });
  const token = sessionStorage.getItem('token') ?? '';
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
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '');
  const file = m ? decodeURIComponent(m[1]) : name;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = file;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return file;
}
