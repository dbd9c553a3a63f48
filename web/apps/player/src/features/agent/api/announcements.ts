// Agent announcements (spec agentAnnouncement; internal/content, docs/content.md
// "Agent announcements"): the type AG announcements operators write in the
// console, meant for the caller's agent type, in the caller's language.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export type AgentAnnouncement = {
  id: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** Published, Unix ms. */
  time: number;
  /** The window, Unix ms; 0: open. */
  startTime: number;
  endTime: number;
};

/** The language is in the key: the server answers the text in it. */
export const agentAnnouncementsQuery = (token: string | undefined, language: string) =>
  queryOptions({
    queryKey: ['agent', 'announcements', token ?? '', language] as const,
    queryFn: async ({ signal }) => (await apiGet<{ list: AgentAnnouncement[] | null }>('/wps/agent/announcements', { language }, signal)).list ?? [],
    enabled: !!token,
    staleTime: 60_000,
  });
