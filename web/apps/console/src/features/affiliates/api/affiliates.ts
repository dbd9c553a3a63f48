// Affiliate applications (GET /ops/v1/affiliates, one application, approve, reject).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const AFFILIATE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
/** The channels the storefront's form offers (internal/affiliate Channels). */
export const CHANNELS = ['FACEBOOK', 'TIKTOK', 'YOUTUBE', 'TELEGRAM', 'INSTAGRAM', 'WEBSITE', 'OTHER'] as const;
/** Agent types (internal/account): 1 general agent, 2 sub-agent, 41 affiliate, 42 sub-affiliate. */
export const AGENT_TYPES = [41, 42, 1, 2] as const;

export type Application = {
  id: number;
  /** Absent: a visitor. */
  memberId?: number;
  account?: string;
  contactName: string;
  countryDialingCode?: string;
  mobileNum?: string;
  email?: string;
  channel: string;
  channelUrl: string;
  audience: number;
  message: string;
  /** A visitor's wished username. */
  username?: string;
  language: string;
  ip: string;
  userAgent: string;
  status: AffiliateStatus;
  agentType?: number;
  uplineId?: number;
  agentId?: number;
  agentAccount?: string;
  invitationCode?: string;
  delivered?: string;
  reason?: string;
  decidedBy?: string;
  decidedAt?: number;
  createdAt: number;
};

export type AffiliateFilter = { status: string; channel: string; q: string };
export const emptyFilter: AffiliateFilter = { status: '', channel: '', q: '' };

type Page = { items: Application[]; total: number; page: number; pageSize: number };

export const affiliateKeys = { all: ['ops', 'affiliates'] as const };

export const fetchAffiliatePage = (f: AffiliateFilter, page: number, pageSize: number, signal?: AbortSignal): Promise<Page> =>
  api
    .get<Page>('/ops/v1/affiliates', { page, pageSize, status: f.status || undefined, channel: f.channel || undefined, q: f.q || undefined }, signal)
    .then((v) => ({ ...v, items: v.items ?? [] }));

export const affiliateListQuery = (f: AffiliateFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...affiliateKeys.all, 'list', f, page, pageSize],
    queryFn: ({ signal }) => fetchAffiliatePage(f, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const affiliateItemQuery = (id: number) =>
  queryOptions({
    queryKey: [...affiliateKeys.all, 'item', id],
    queryFn: ({ signal }) => api.get<Application>(`/ops/v1/affiliates/${id}`, undefined, signal),
  });

export type Approval = { agentType: number; upline: string; username: string };
export type Approved = { application: Application; password?: string };

export const approveApplication = (id: number, a: Approval) =>
  api.post<Approved>(`/ops/v1/affiliates/${id}/approve`, { agentType: a.agentType, upline: a.upline.trim(), username: a.username.trim() });
export const rejectApplication = (id: number, reason: string) => api.post<Application>(`/ops/v1/affiliates/${id}/reject`, { reason });
