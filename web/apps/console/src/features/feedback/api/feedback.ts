// The feedback inbox (GET /ops/v1/feedback, one message, reply, close).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The spec's feedback types, by number (internal/account feedbackTypes). */
export const FEEDBACK_TYPES = [0, 1, 2, 3, 4, 6] as const;
export const FEEDBACK_STATUSES = ['NEW', 'ANSWERED', 'CLOSED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export type FeedbackItem = {
  id: number;
  /** 0: a visitor (they left a contact in sender). */
  memberId: number;
  account: string;
  sender: string;
  type: number;
  typeName: string;
  content: string;
  ip: string;
  userAgent: string;
  status: FeedbackStatus;
  reply: string;
  repliedBy: number;
  repliedAt: number;
  closedAt: number;
  createdAt: number;
};

export type FeedbackFilter = { type: string; status: string };
export const emptyFilter: FeedbackFilter = { type: '', status: '' };

type Page = { items: FeedbackItem[]; total: number; page: number; pageSize: number };

export function feedbackParams(f: FeedbackFilter, page: number, pageSize: number) {
  return { page, pageSize, type: f.type || undefined, status: f.status || undefined };
}

export const fetchFeedbackPage = (f: FeedbackFilter, page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<Page>('/ops/v1/feedback', feedbackParams(f, page, pageSize), signal).then((v) => ({ ...v, items: v.items ?? [] }));

export const feedbackKeys = { all: ['ops', 'feedback'] as const };

export const feedbackListQuery = (f: FeedbackFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'list', f, page, pageSize],
    queryFn: ({ signal }) => fetchFeedbackPage(f, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const feedbackItemQuery = (id: number) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'item', id],
    queryFn: ({ signal }) => api.get<FeedbackItem>(`/ops/v1/feedback/${id}`, undefined, signal),
  });

export const replyFeedback = (id: number, text: string) => api.post<FeedbackItem>(`/ops/v1/feedback/${id}/reply`, { text });
export const closeFeedback = (id: number) => api.post<FeedbackItem>(`/ops/v1/feedback/${id}/close`);

/** Every message of the filter, page by page (at most `limit`), for the CSV. */
export async function fetchAllFeedback(f: FeedbackFilter, limit = 10_000): Promise<FeedbackItem[]> {
  const out: FeedbackItem[] = [];
  for (let page = 1; out.length < limit; page++) {
    const p = await fetchFeedbackPage(f, page, 100);
    out.push(...p.items);
    if (p.items.length < 100 || out.length >= p.total) break;
  }
  return out.slice(0, limit);
}
