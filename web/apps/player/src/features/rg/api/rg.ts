// Responsible gaming (docs/responsible-gaming.md, contract /wps/rg/*): the
// player's limits with what is used and when it resets, pending raises,
// reality checks, time-out and self-exclusion, and the history. Amounts are
// integer minor units of the brand currency; times are epoch ms.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export const LIMIT_TYPES = ['DEPOSIT', 'LOSS', 'WAGER'] as const;
export const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type MoneyLimitType = (typeof LIMIT_TYPES)[number];
export type LimitType = MoneyLimitType | 'SESSION';
export type LimitPeriod = (typeof LIMIT_PERIODS)[number] | 'SESSION';

export type PendingChange = {
  /** The new amount; null removes the limit. */
  amount: number | null;
  requestedAt: number;
  /** From then on the player may confirm it. */
  effectiveAt: number;
  confirmable: boolean;
};

export type Limit = {
  type: LimitType;
  period: LimitPeriod;
  /** The player's own limit. */
  amount: number | null;
  /** Imposed by the operator: the player can go lower, never above. */
  operatorAmount: number | null;
  /** The lower of the two: what is enforced. */
  effective: number | null;
  /** Counted this period (SESSION: minutes of this session). */
  used: number;
  /** End of the period (null for SESSION). */
  resetsAt: number | null;
  pending: PendingChange | null;
};

export type Block = { kind: 'TIMEOUT' | 'EXCLUSION'; until: number; revocableFrom: number | null };

export type RgSettings = {
  currency: string;
  maxAmount: number;
  limits: Limit[];
  realityCheck: { minutes: number | null };
  /** This session: start, end by the session time limit, wins minus bets since the start. */
  session?: { startedAt: number; endsAt: number | null; netResult: number };
  block: Block | null;
  /** A withdrawal-only session (a self-excluded player with a balance). */
  restricted: boolean;
};

export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export const TIMEOUT_PERIODS = ['24H', '7D', '30D', '6W'] as const;
export const EXCLUSION_PERIODS = ['6M', '1Y', '5Y'] as const;
export type TimeoutPeriod = (typeof TIMEOUT_PERIODS)[number];
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

export const HISTORY_CHANGES = [
  'LIMIT_SET',
  'LIMIT_LOWERED',
  'RAISE_REQUESTED',
  'RAISE_CONFIRMED',
  'RAISE_CANCELLED',
  'LIMIT_REMOVED',
  'REALITY_CHECK_SET',
  'TIMEOUT',
  'EXCLUSION',
  'IMPOSED',
  'IMPOSITION_LIFTED',
] as const;

export type HistoryEntry = {
  at: number;
  change: string;
  type?: string | null;
  period?: string | null;
  from?: number | null;
  to?: number | null;
  by: 'PLAYER' | 'OPERATOR';
  reason?: string | null;
};
export type History = { list: HistoryEntry[]; total: number };

export const RG_SETTINGS_KEY = ['rg', 'settings'] as const;

/** GET /wps/rg/settings (T). */
export const rgSettingsQuery = () =>
  queryOptions({
    queryKey: RG_SETTINGS_KEY,
    queryFn: ({ signal }) => apiGet<RgSettings>('/wps/rg/settings', undefined, signal),
  });

export const HISTORY_PAGE_SIZE = 20;

/** GET /wps/rg/history (T). */
export const rgHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: ['rg', 'history', page] as const,
    queryFn: ({ signal }) => apiGet<History>('/wps/rg/history', { page, size: HISTORY_PAGE_SIZE }, signal),
  });

/** PUT /wps/rg/limits: amount null removes the player's limit. */
export function setLimit(type: LimitType, period: LimitPeriod, amount: number | null): Promise<RgSettings> {
  return apiRequest<RgSettings>('PUT', '/wps/rg/limits', { body: { type, period, amount } });
}

/** POST /wps/rg/limits/confirm: applies a raise whose cooling-off is over. */
export function confirmLimit(type: LimitType, period: LimitPeriod): Promise<RgSettings> {
  return apiRequest<RgSettings>('POST', '/wps/rg/limits/confirm', { body: { type, period } });
}

/** POST /wps/rg/limits/cancel: drops a pending raise. */
export function cancelLimit(type: LimitType, period: LimitPeriod): Promise<RgSettings> {
  return apiRequest<RgSettings>('POST', '/wps/rg/limits/cancel', { body: { type, period } });
}

/** PUT /wps/rg/reality-check: 0 turns it off. */
export function setRealityCheck(minutes: number): Promise<RgSettings> {
  return apiRequest<RgSettings>('PUT', '/wps/rg/reality-check', { body: { minutes } });
}

/** POST /wps/rg/timeout: ends every session of the player, this one too. */
export function takeTimeout(period: TimeoutPeriod): Promise<unknown> {
  return apiRequest<unknown>('POST', '/wps/rg/timeout', { body: { period } });
}

/** POST /wps/rg/exclusion: ends every session of the player, this one too. */
export function selfExclude(period: ExclusionPeriod): Promise<unknown> {
  return apiRequest<unknown>('POST', '/wps/rg/exclusion', { body: { period } });
}
