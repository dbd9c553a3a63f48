// The player search and the player page (GET/POST /ops/v1/players/...,
// /ops/v1/members/{id}/rg, /ops/v1/adjustments, /ops/v1/audit): one fetcher
// and one queryOptions factory per read, plain functions for the actions.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const SEARCH_KEYS = ['username', 'mobile', 'email', 'id', 'ip', 'agent'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];
export type Search = { by: SearchKey; q: string };

export type PlayerItem = {
  id: number;
  username: string;
  mobile: string;
  countryDialingCode: string;
  email: string;
  status: 'ACTIVE' | 'LOCKED';
  currency: string;
  balance: number;
  registeredAt: number;
  lastLoginAt: number | null;
  lastLoginIp: string;
  agent: string;
};
export type SearchPage = Page<PlayerItem> & { totalCapped: boolean; decimals: number };

export type Detail = {
  player: {
    id: number;
    username: string;
    nickname: string;
    type: number;
    status: 'ACTIVE' | 'LOCKED';
    mobile: string;
    countryDialingCode: string;
    email: string;
    payeeName: string;
    createdAt: number;
    lastLoginAt: number | null;
    lastLoginIp: string;
    passwordChangedAt: number | null;
  };
  registration: { ip: string; device: string; channel: string; domain: string; url: string; referralCode: string; affiliateCode: string; agent: string; agentId: number };
  balances: {
    main: number;
    currency: string;
    decimals: number;
    wallets: { wallet: string; balance: number; currency: string }[];
    vendors: { vendor: string; name: string; balance: number; status: string }[];
  };
  flags: { locked: boolean; defaultPassword: boolean; trial: boolean; agent: boolean };
};

export type Login = { at: number; ip: string; device: string; loginType: string; lastSeenAt: number; endedAt: number | null; expiresAt: number };
export type Link = { id: number; username: string; status: string; reasons: { kind: 'IP' | 'PAYOUT_ACCOUNT'; ip?: string; bankCode?: string; accountNumber?: string }[] };

export type RecordLine = { id: string; postingId: number; time: number; type: string; kind: string; wallet: string; amount: number; balanceAfter: number; reference: string; remark: string };
export type RecordPage = Page<RecordLine> & { sums: { in: number; out: number }; from: string; to: string; timezone: string; currency: string; decimals: number };
export const RECORD_TYPES = ['deposit', 'withdrawal', 'transfer', 'bet', 'win', 'bonus', 'adjustment', 'refund'] as const;

export type Bet = { id: number; roundId: string; vendor: string; gameCode: string; gameName: string; gameType: string; bet: number; validBet: number; win: number; profit: number; status: string; startedAt: number; endedAt?: number };
export type BetPage = Page<Bet> & { sums: { bet: number; validBet: number; win: number; profit: number; rounds: number }; from: string; to: string; timezone: string };
export const GAME_TYPES = ['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'BGS', 'COCKFIGHT'] as const;
export const ROUND_STATUSES = ['OPEN', 'COMPLETED', 'CANCELLED'] as const;

export type RoundDetail = {
  id: number;
  vendor: string;
  roundId: string;
  gameCode: string;
  gameType: string;
  currency: string;
  bet: number;
  validBet: number;
  win: number;
  profit: number;
  jackpot: boolean;
  status: string;
  startedAt: number;
  endedAt: number | null;
  recall: {
    id: number;
    game: string;
    status: string;
    amount: number;
    win: number;
    multiplier: number;
    params: unknown;
    outcome: unknown;
    fair: { serverSeedHash: string; serverSeed: string; clientSeed: string; nonce: number };
    jackpotWin: number;
  } | null;
};

export type Deposit = { id: number; orderNo: string; method: string; type: string; amount: number; currency: string; decimals: number; status: string; reference?: string; rejectReason?: string; createdAt: number };
export type Withdrawal = {
  id: number;
  orderNo: string;
  status: string;
  amount: number;
  currency: string;
  decimals: number;
  account: { type: string; bankCode: string; bankName: string; accountName: string; accountNumber: string };
  rejectReason: string;
  createdAt: number;
  risks?: string[];
};
export const DEPOSIT_STATUSES = ['PENDING_PAYMENT', 'PENDING_REVIEW', 'CREDITING', 'CREDITED', 'FAILED', 'EXPIRED', 'REJECTED'] as const;
export const WITHDRAWAL_STATUSES = ['PENDING_REVIEW', 'REJECTED', 'APPROVED', 'PAYING', 'PAID', 'PAYOUT_FAILED', 'RECEIVED', 'PARTIALLY_RECEIVED', 'NOT_RECEIVED', 'FORCED_RECEIVED', 'FULL_PAYMENT'] as const;

export type Note = { id: number; memberId: number; operatorId: number; operatorUsername: string; text: string; createdAt: number };

export type RgLimit = { type: 'DEPOSIT' | 'LOSS' | 'WAGER' | 'SESSION'; period: 'DAY' | 'WEEK' | 'MONTH' | 'SESSION'; amount: number | null; operatorAmount: number | null; effective: number | null; used: number; resetsAt: number | null; pending: { amount: number | null; effectiveAt: number } | null };
export type RgSettings = {
  currency: string;
  maxAmount: number;
  limits: RgLimit[];
  realityCheck: { minutes: number | null };
  block: { kind: 'TIMEOUT' | 'EXCLUSION'; until: number; revocableFrom: number | null } | null;
  restricted: boolean;
  history: { at: number; change: string; type: string; period: string; from: number | null; to: number | null; by: string; reason: string }[];
};

export type AuditRow = { id: number; at: number; operatorUsername: string; action: string; reason: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; ip: string };

const base = (id: number) => `/ops/v1/players/${id}`;
const keys = {
  all: ['ops', 'players'] as const,
  player: (id: number) => ['ops', 'players', id] as const,
};
export const playerKey = keys.player;

export const searchQuery = (s: Search, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...keys.all, 'search', s, page, pageSize],
    queryFn: ({ signal }) => api.get<SearchPage>('/ops/v1/players', { by: s.by, q: s.q, page, pageSize }, signal),
    enabled: s.q.trim() !== '',
    placeholderData: keepPreviousData,
  });

/** The search as the server's CSV file (every match up to its cap), times in the operator's zone. */
export async function exportSearch(s: Search): Promise<{ blob: Blob; name: string; truncated: boolean }> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const res = await api.raw('GET', '/ops/v1/players', { params: { by: s.by, q: s.q, format: 'csv', tz }, headers: { Accept: 'text/csv' } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'players.csv';
  return { blob: await res.blob(), name, truncated: res.headers.get('X-Truncated') === 'true' };
}

export const detailQuery = (id: number) => queryOptions({ queryKey: keys.player(id), queryFn: ({ signal }) => api.get<Detail>(base(id), undefined, signal) });

export const loginsQuery = (id: number) =>
  queryOptions({ queryKey: [...keys.player(id), 'logins'], queryFn: ({ signal }) => api.get<Page<Login>>(`${base(id)}/logins`, { pageSize: 10 }, signal) });

export const linkedQuery = (id: number) => queryOptions({ queryKey: [...keys.player(id), 'linked'], queryFn: ({ signal }) => api.get<Page<Link>>(`${base(id)}/linked`, undefined, signal) });

export type RangeFilter = { from: string; to: string };
export const transactionsQuery = (id: number, f: RangeFilter & { type: string }, page: number) =>
  queryOptions({
    queryKey: [...keys.player(id), 'transactions', f, page],
    queryFn: ({ signal }) => api.get<RecordPage>(`${base(id)}/transactions`, { from: f.from || undefined, to: f.to || undefined, type: f.type || undefined, page, pageSize: 20 }, signal),
    placeholderData: keepPreviousData,
  });

export const roundsQuery = (id: number, f: RangeFilter & { gameType: string; status: string; vendor: string }, page: number) =>
  queryOptions({
    queryKey: [...keys.player(id), 'rounds', f, page],
    queryFn: ({ signal }) =>
      api.get<BetPage>(
        `${base(id)}/rounds`,
        { from: f.from || undefined, to: f.to || undefined, gameType: f.gameType || undefined, status: f.status || undefined, vendor: f.vendor.trim() || undefined, page, pageSize: 20 },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const roundQuery = (id: number, roundId: number) =>
  queryOptions({ queryKey: [...keys.player(id), 'round', roundId], queryFn: ({ signal }) => api.get<RoundDetail>(`${base(id)}/rounds/${roundId}`, undefined, signal) });

export const cashierQuery = (id: number, kind: 'deposits' | 'withdrawals', status: string, page: number) =>
  queryOptions({
    queryKey: [...keys.player(id), kind, status, page],
    queryFn: ({ signal }) => api.get<Page<Deposit | Withdrawal>>(`${base(id)}/${kind}`, { status: status || undefined, page, pageSize: 20 }, signal),
    placeholderData: keepPreviousData,
  });

export const notesQuery = (id: number, page: number) =>
  queryOptions({ queryKey: [...keys.player(id), 'notes', page], queryFn: ({ signal }) => api.get<Page<Note>>(`${base(id)}/notes`, { page, pageSize: 20 }, signal), placeholderData: keepPreviousData });

export const rgQuery = (id: number) => queryOptions({ queryKey: [...keys.player(id), 'rg'], queryFn: ({ signal }) => api.get<RgSettings>(`/ops/v1/members/${id}/rg`, undefined, signal) });

export const auditQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...keys.player(id), 'audit', page],
    queryFn: ({ signal }) => api.get<Page<AuditRow>>('/ops/v1/audit', { targetType: 'member', targetId: id, page, pageSize: 20 }, signal),
    placeholderData: keepPreviousData,
  });

// ---- actions ----

export type Action = 'lock' | 'unlock' | 'logout' | 'reset-password';
export type ResetAnswer = { id: number; password: string; mustChange: boolean };

export const playerAction = <T,>(id: number, action: Action, reason: string) => api.post<T>(`${base(id)}/${action}`, { reason });
export const addNote = (id: number, text: string) => api.post<{ note: Note }>(`${base(id)}/notes`, { text });

export type AdjustBody = { memberId: number; direction: 'CREDIT' | 'DEBIT'; amount: string; reason: string };
export type AdjustAnswer = { status: 'POSTED'; balance: number; amount: number } | { status: 'PENDING_APPROVAL'; id: number };

/** POST /ops/v1/adjustments: 200 posted at once, 202 waiting for a second operator. */
export async function adjust(body: AdjustBody, key: string): Promise<AdjustAnswer> {
  const v = await api.post<{ adjustment?: { id: number; status: string }; balance?: number; amount?: number }>('/ops/v1/adjustments', body, { idempotencyKey: key });
  if (v.adjustment && v.adjustment.status === 'PENDING_APPROVAL') return { status: 'PENDING_APPROVAL', id: v.adjustment.id };
  return { status: 'POSTED', balance: v.balance ?? 0, amount: v.amount ?? 0 };
}

export const imposeLimit = (id: number, body: { type: string; period: string; amount: number | null; reason: string }) => api.request<RgSettings>('PUT', `/ops/v1/members/${id}/rg/limits`, { body });
export const startBlock = (id: number, kind: 'timeout' | 'exclusion', body: { period: string; reason: string }) => api.post<RgSettings>(`/ops/v1/members/${id}/rg/${kind}`, body);
export const endExclusion = (id: number, reason: string) => api.post<RgSettings>(`/ops/v1/members/${id}/rg/exclusion/end`, { reason });
