import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vendorLanesQuery } from '@/features/catalog/api/catalog';
import { reshapeLanes } from '@/features/catalog/reshape';
import { announcementsQuery } from '@/features/content/api/announcements';
import { useSessionState } from '@/lib/ui-actions';
import { useBrandInfo } from '../brand';

export function useLanguageCode() {
  const { i18n } = useTranslation();
  return (i18n.language || 'TY').toUpperCase();
}

/** Storefront categories after reshaping, for the header, side menu and footer. */
export function useShellCategories() {
  const info = useBrandInfo();
  const lang = useLanguageCode();
  const q = useQuery(vendorLanesQuery(lang));
  const categories = useMemo(() => reshapeLanes(q.data?.lanes ?? [], info), [q.data, info]);
  return { categories, isPending: q.isPending, isError: q.isError };
}

export function useShellAnnouncements() {
  const lang = useLanguageCode();
  const { loggedIn } = useSessionState();
  return useQuery(announcementsQuery(lang, loggedIn ? 'A' : 'B'));
}
