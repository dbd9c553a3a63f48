import { useTranslation } from 'react-i18next';
import { getApiLanguage } from '@/lib/api';

/** The interface language; query keys include it so lists reload when it changes. */
export function useLanguage(): string {
  const { i18n } = useTranslation();
  return (i18n?.language || getApiLanguage() || 'TY').toUpperCase();
}
