import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export type LinkageType = 'NONE' | 'URL' | 'ROUTE' | 'PROMOTION' | 'GAME';
export type Banner = { id: number; groupName: string; title: string; url: string; linkageType: LinkageType; linkTarget: string; sequence: number };
export type Notice = { id: number; title: string; content: string; time: number };
export type Popup = { id: number; title: string; content: string; execution: 'A' | 'B' | 'F'; time: number };
export type Promotion = {
  id: number;
  title: string;
  summary: string;
  content: string;
  category: string;
  announcementImages: { url: string; sequence: number }[];
  startTime: number;
  endTime: number;
};
export type Headline = { id: number; title: string; time: number };
export type Announcements = { banners: Banner[]; player: Notice[]; popup: Popup[]; promotion: Promotion[]; headline: Headline[] };

/** Announcements for the current audience: visitors B, members A (F on first login). */
export const announcementsQuery = (language: string, execution: 'A' | 'B' | 'F' = 'B') =>
  queryOptions({
    queryKey: ['content', 'announcements', language, execution] as const,
    queryFn: ({ signal }) =>
      apiGet<Announcements>('/wps/relay/announcements', { types: 'B,PL,PU,PR,H', platform: 'W', execution, language }, signal),
    staleTime: 5 * 60_000,
  });

export function useAnnouncements(language: string, execution: 'A' | 'B' | 'F' = 'B') {
  return useQuery(announcementsQuery(language, execution));
}

export function bannersOf(a: Announcements | undefined, group: string): Banner[] {
  return (a?.banners ?? []).filter((b) => b.groupName === group).sort((x, y) => x.sequence - y.sequence);
}
