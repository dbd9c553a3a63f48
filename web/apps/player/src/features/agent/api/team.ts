// The agent's team, register centre and transfers (internal/agent,
// docs/agents-api.md): team lists with drill-down, direct creation of a
// downline, invitation links, agent → downline and member → upline transfers.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export type TeamMember = {
  id: number;
  account: string;
  nickname: string;
  type: number;
  agent: boolean;
  status: 'ACTIVE' | 'DISABLED' | string;
  parentId: number;
  level: number;
  balance: number;
  registeredAt: number;
  lastLoginAt: number;
  directCount: number;
  teamCount: number;
};
export type TeamScope = 'direct' | 'all';
export type TeamFilter = { parent?: number; scope: TeamScope; username?: string; page: number };
export type TeamPage = {
  parent: { id: number; account: string; nickname: string; type: number };
  path: { id: number; account: string }[];
  scope: TeamScope;
  list: TeamMember[];
  total: number;
  page: number;
  pageSize: number;
  currency: string;
  decimals: number;
};
export const TEAM_PAGE_SIZE = 20;

export const teamQuery = (f: TeamFilter) =>
  queryOptions({
    queryKey: ['agent', 'team', f] as const,
    queryFn: ({ signal }) =>
      apiGet<TeamPage>('/wps/agent/team', { parent: f.parent || undefined, scope: f.scope, username: f.username || undefined, page: f.page, pageSize: TEAM_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export type DownlineKind = 'MEMBER' | 'AGENT';
export type CreateDownline = { username: string; password?: string; kind: DownlineKind };
export type CreatedDownline = { id: number; account: string; type: number; password?: string; mustChange: boolean; affiliateCode: string };

export const createDownline = (body: CreateDownline) => apiRequest<CreatedDownline>('POST', '/wps/agent/downline', { body });

export type InviteLink = { id: number; code: string; kind: DownlineKind; type: number; label: string; status: 'ACTIVE' | 'DISABLED' | string; createdAt: number; registrations: number };

export const linksQuery = () =>
  queryOptions({
    queryKey: ['agent', 'links'] as const,
    queryFn: ({ signal }) => apiGet<{ list: InviteLink[] }>('/wps/agent/links', undefined, signal),
    staleTime: 10_000,
  });
export const createLink = (body: { kind: DownlineKind; label: string }) => apiRequest<InviteLink>('POST', '/wps/agent/links', { body });
export const disableLink = (id: number) => apiRequest<InviteLink>('POST', `/wps/agent/links/${id}/disable`);

export type TransferInfo = { balance: number; min: number; max: number; currency: string; decimals: number };
export type UplineInfo = TransferInfo & { upline: { id: number; account: string; nickname: string } | null };
export type TransferResult = { postingId: number; reference: string; from: string; to: string; amount: number; balance: number; replay: boolean };

export const agentTransferInfoQuery = () =>
  queryOptions({ queryKey: ['agent', 'transfer'] as const, queryFn: ({ signal }) => apiGet<TransferInfo>('/wps/agent/transfer', undefined, signal) });
export const uplineInfoQuery = () =>
  queryOptions({ queryKey: ['agent', 'upline'] as const, queryFn: ({ signal }) => apiGet<UplineInfo>('/wps/transfer/upline', undefined, signal) });

/** Money moves carry an Idempotency-Key (no automatic retries; a resend with the same key replays). */
export const transferToDownline = (key: string, body: { username: string; amount: number; paymentPassword: string; remark?: string }) =>
  apiRequest<TransferResult>('POST', '/wps/agent/transfer', { body, headers: { 'Idempotency-Key': key } });
export const transferToUpline = (key: string, body: { amount: number; paymentPassword: string; remark?: string }) =>
  apiRequest<TransferResult>('POST', '/wps/transfer/upline', { body, headers: { 'Idempotency-Key': key } });
