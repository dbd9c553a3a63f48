// The personal centre's "responsible gaming" page: limits, reality checks,
// time-out and self-exclusion, and the history of every change.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { ErrorState, Skeleton } from '@/components/ui';
import { rgSettingsQuery } from '../api/rg';
import { BreakSection, RealityCheckSection } from './Breaks';
import { HistorySection } from './History';
import { Limits } from './Limits';
import s from './rg.module.css';

export function ResponsibleGaming() {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const settings = useQuery(rgSettingsQuery());
  return (
    <div className={s.page} data-testid="rg-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <ShieldCheck size={22} />
        </span>
        <div>
          <h1 className={s.title}>{t('rg:title')}</h1>
          <p className={s.subtitle}>{t('rg:subtitle')}</p>
        </div>
      </header>
      {settings.isPending ? (
        <div className={s.limitGrid} aria-busy="true">
          <Skeleton height={260} radius="card" />
          <Skeleton height={260} radius="card" />
          <Skeleton height={260} radius="card" />
          <Skeleton height={260} radius="card" />
        </div>
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <section aria-labelledby="rg-limits" className={s.section}>
            <div className={s.sectionHead}>
              <h2 id="rg-limits" className={s.sectionTitle}>
                {t('rg:limits.title')}
              </h2>
              <p className={s.muted}>{t('rg:limits.body')}</p>
            </div>
            <Limits settings={settings.data} />
          </section>
          <RealityCheckSection settings={settings.data} />
          {!settings.data.restricted && <BreakSection />}
          <HistorySection currency={settings.data.currency} />
        </>
      )}
    </div>
  );
}
