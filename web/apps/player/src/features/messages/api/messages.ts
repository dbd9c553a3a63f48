// Platform messages (messageV2, contract "Notifications"): the unread count,
// the member's messages (title and body rendered by the server in the
// caller's language from kind + params), marking one or all read.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

/**
 * Every kind internal/notify sends (notify.go's Kind constants; a test reads
 * them from the Go source): each is worded in the storefront's wallet
 * namespace, notice.<kind>.title/body, in every language.
 */
export const NOTICE_KINDS = [
  'deposit_credited',
  'deposit_failed',
  'deposit_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_paid',
  'feedback_reply',
  'contract_offered',
  'contract_accepted',
  'contract_rejected',
  'contract_terminated',
  'contract_auto_terminated',
  'commission_paid',
  'commission_partly_paid',
  'commission_unpaid',
  'commission_payer_short',
  'commission_not_reached',
  'commission_awaiting',
  'commission_rejected',
  'commission_expired',
  'affiliate_approved',
  'affiliate_rejected',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type Message = {
  id: number;
  kind: string;
  title: string;
  body: string;
  params: Record<string, string> | null;
  read: boolean;
  /** Unix ms. */
  createdAt: number;
};

export type MessagePage = { list: Message[]; total: number; page: number; pageSize: number };

/** The realtime 'notice' event (internal/notify). */
export type NoticeEvent = { id: number; kind: string; params?: Record<string, string> | null };

export const MESSAGES_PAGE_SIZE = 10;

/** Real members and agents only: trial users never make this call (spec section 4). */
export const unreadQuery = (token: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: ['messages', 'unread', token ?? ''] as const,
    queryFn: async ({ signal }) => (await apiGet<{ count: number }>('/wps/message/unread', undefined, signal)).count ?? 0,
    enabled: !!token && enabled,
    staleTime: 60_000,
  });

export const messagesQuery = (token: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['messages', 'list', token ?? '', page] as const,
    queryFn: ({ signal }) => apiGet<MessagePage>('/wps/message/list', { page, pageSize: MESSAGES_PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function markRead(id: number): Promise<unknown> {
  return apiRequest('POST', `/wps/message/${encodeURIComponent(String(id))}/read`);
}

export function markAllRead(): Promise<unknown> {
  return apiRequest('POST', '/wps/message/read-all');
}
