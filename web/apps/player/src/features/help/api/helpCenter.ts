import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export type HelpSection = { key: string; title: string; content: string; sort: number };

/** Help centre sections for a language (device WEB), sorted. */
export const helpCenterQuery = (lang: string) =>
  queryOptions({
    queryKey: ['content', 'help', lang] as const,
    queryFn: async ({ signal }) => {
      const v = await apiGet<{ sections: HelpSection[] }>('/wps/system/helpCenter', { lang, device: 'WEB' }, signal);
      return [...(v?.sections ?? [])].sort((a, b) => a.sort - b.sort);
    },
    staleTime: 10 * 60_000,
  });

/** Section keys the footer links to, in display order (docs/api.md). */
export const HELP_KEYS = ['about', 'term', 'privacy', 'responsible', 'deposit', 'withdraw', 'faq'] as const;
