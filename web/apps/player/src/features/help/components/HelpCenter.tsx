// Help-centre content: the sections as vertical tabs (horizontal on phones),
// the active section's sanitised HTML beside them.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton, SkeletonText, Tabs } from '@/components/ui';
import { SafeHtml } from '@/components/ui/SafeHtml';
import { helpCenterQuery } from '../api/helpCenter';
import s from './HelpCenter.module.css';

export type HelpCenterProps = {
  /** Section key to show (e.g. "term"); the first section when absent or unknown. */
  section?: string;
  onSectionChange: (key: string) => void;
};

export function HelpCenter({ section, onSectionChange }: HelpCenterProps) {
  const { t, i18n } = useTranslation('layout');
  const q = useQuery(helpCenterQuery(i18n.language));

  if (q.isPending) {
    return (
      <div className={s.loading} aria-busy="true">
        <div className={s.loadingTabs}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </div>
        <div className={s.loadingBody}>
          <Skeleton height={22} width="40%" />
          <SkeletonText lines={6} />
        </div>
      </div>
    );
  }
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const sections = q.data;
  if (!sections.length) return <EmptyState title={t('layout:help.empty')} />;
  const active = sections.find((x) => x.key === section) ?? sections[0];

  return (
    <Tabs
      label={t('layout:help.title')}
      orientation="vertical"
      tabs={sections.map((x) => ({ key: x.key, label: x.title }))}
      value={active.key}
      onChange={onSectionChange}
      className={s.tabs}
      panelClassName={s.panel}
    >
      <article data-testid={`help-section-${active.key}`} data-help-section={active.key}>
        <h3 className={s.title}>{active.title}</h3>
        <SafeHtml html={active.content} />
      </article>
    </Tabs>
  );
}
