// /ops/v1/content: everything the editor edits (scheduled and switched-off
// items too), one mutation per change; each invalidates the list.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type Text = Record<string, string>;
export type Banner = {
  id: number;
  groupName: string;
  sequence: number;
  title: Text;
  url: string;
  linkageType: LinkageType;
  linkTarget: string;
  startTime?: number;
  endTime?: number;
  disabled?: boolean;
};
export type Announcement = {
  id: number;
  type: AnnouncementType;
  execution?: string;
  sequence: number;
  publishedAt: number;
  startTime: number;
  endTime: number;
  title: Text;
  content?: Text;
  summary?: Text;
  category?: string;
  announcementImages?: { url: string; sequence: number }[];
  /** Agent announcements (AG): the agent types that read it (none: every agent), and whether it is switched off. */
  agentTypes?: number[];
  disabled?: boolean;
};
export type HelpSection = { key: string; sort: number; title: Text; content: Text };
export type ContentDoc = { version: number; banners: Banner[]; announcements: Announcement[]; help: HelpSection[] };

export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_login', 'w_forget'] as const;
export const LINKAGE_TYPES = ['NONE', 'URL', 'ROUTE', 'PROMOTION', 'GAME'] as const;
export type LinkageType = (typeof LINKAGE_TYPES)[number];
export const EXECUTIONS = ['A', 'B', 'F'] as const;
export const PROMO_CATEGORIES = ['DEPOSIT', 'REBATE', 'VIP', 'REFERRAL', 'EVENT', 'NEWBIE'] as const;
export const HELP_KEYS = ['about', 'term', 'privacy', 'responsible', 'deposit', 'withdraw', 'faq'] as const;
export type AnnouncementType = 'PL' | 'H' | 'PU' | 'PR' | 'AG';
/** Agent types an agent announcement may name (internal/content AgentTypes). */
export const AGENT_TYPES = [1, 2, 41, 42] as const;

export const contentQuery = () =>
  queryOptions({ queryKey: ['ops', 'content'], queryFn: ({ signal }) => api.get<ContentDoc>('/ops/v1/content', undefined, signal) });

export type BannerBody = Omit<Banner, 'id' | 'disabled'> & { active: boolean };
export type AnnouncementBody = Omit<Announcement, 'id' | 'publishedAt' | 'disabled'> & { active?: boolean };
export type HelpBody = Omit<HelpSection, 'key'>;

/** One change to the content; the list is read again after it. */
export function useContentChange<V>(send: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => qc.invalidateQueries({ queryKey: ['ops', 'content'] }) });
}

export const saveBanner = ({ id, body }: { id?: number; body: BannerBody }) =>
  id ? api.request<Banner>('PUT', `/ops/v1/content/banners/${id}`, { body }) : api.post<Banner>('/ops/v1/content/banners', body);
export const deleteBanner = (id: number) => api.request('DELETE', `/ops/v1/content/banners/${id}`);
export const orderBanners = (v: { group: string; ids: number[] }) => api.request('PUT', '/ops/v1/content/banner-order', { body: v });
export const saveAnnouncement = ({ id, body }: { id?: number; body: AnnouncementBody }) =>
  id ? api.request<Announcement>('PUT', `/ops/v1/content/announcements/${id}`, { body }) : api.post<Announcement>('/ops/v1/content/announcements', body);
export const deleteAnnouncement = (id: number) => api.request('DELETE', `/ops/v1/content/announcements/${id}`);
export const saveHelp = ({ key, body }: { key: string; body: HelpBody }) => api.request<HelpSection>('PUT', `/ops/v1/content/help/${key}`, { body });
export const deleteHelp = (key: string) => api.request('DELETE', `/ops/v1/content/help/${key}`);

/** Uploads a picture (checked by content on the server) and answers its address. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const v = await api.post<{ url: string }>('/ops/v1/content/images', form);
  return v.url;
}

/** The HTML exactly as the storefront receives it (the server's sanitiser). */
export async function previewHtml(html: string): Promise<string> {
  const v = await api.post<{ html: string }>('/ops/v1/content/preview', { html });
  return v.html;
}
