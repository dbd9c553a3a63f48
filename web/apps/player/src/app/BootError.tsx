import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/ErrorState';
import s from './BootError.module.css';

/** The status call failed: the storefront cannot start. Offer a reload. */
export function BootError({ error }: { error: unknown }) {
  const { t } = useTranslation('system');
  return (
    <main className={s.page}>
      <ErrorState error={error} title={t('system:boot.failed')} onRetry={() => window.location.reload()} />
    </main>
  );
}
