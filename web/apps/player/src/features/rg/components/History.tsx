// Every change to the player's limits and breaks, newest first: what changed,
// from and to what, and whether the player or the operator made it.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { History as HistoryIcon } from 'lucide-react';
import { EmptyState, ErrorState, Pager, Skeleton } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { HISTORY_PAGE_SIZE, rgHistoryQuery, type HistoryEntry } from '../api/rg';
import { formatMoney } from '../lib/rules';
import s from './rg.module.css';

export function HistorySection({ currency }: { currency: string }) {
  const { t } = useTranslation('rg', { useSuspense: true });
  const [page, setPage] = useState(1);
  const q = useQuery({ ...rgHistoryQuery(page), placeholderData: keepPreviousData });
  return (
    <section className={s.card} aria-labelledby="rg-history" data-testid="rg-history">
      <h2 id="rg-history" className={s.cardTitle}>
        <HistoryIcon size={18} aria-hidden="true" />
        {t('rg:history.title')}
      </h2>
      {q.isPending ? (
        <Skeleton height={120} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.list.length === 0 ? (
        <EmptyState icon={<HistoryIcon size={26} strokeWidth={1.75} />} title={t('rg:history.empty')} />
      ) : (
        <>
          <ul className={s.history}>
            {q.data.list.map((e, i) => (
              <HistoryItem key={`${e.at}-${i}`} entry={e} currency={currency} />
            ))}
          </ul>
          <Pager page={page} totalPages={Math.ceil(q.data.total / HISTORY_PAGE_SIZE)} onChange={setPage} />
        </>
      )}
    </section>
  );
}

function HistoryItem({ entry, currency }: { entry: HistoryEntry; currency: string }) {
  const { t } = useTranslation('rg', { useSuspense: true });
  const session = entry.type === 'SESSION';
  const reality = entry.change === 'REALITY_CHECK_SET';
  const show = (v: number | null | undefined) => {
    if (v === null || v === undefined) return reality ? t('rg:reality.off') : t('rg:limit.none');
    if (reality) return t('rg:reality.every', { minutes: v });
    return session ? t('rg:limit.minutes', { minutes: v }) : formatMoney(v, currency);
  };
  const what = entry.type && entry.period ? `${t(`rg:types.${entry.type}`, { defaultValue: entry.type })} · ${t(`rg:periods.${entry.period}`, { defaultValue: entry.period })}` : entry.period ? t(`rg:periodsBreak.${entry.period}`, { defaultValue: entry.period }) : '';
  const hasValues = entry.from !== undefined || entry.to !== undefined;
  const timed = entry.change === 'TIMEOUT' || entry.change === 'EXCLUSION';
  return (
    <li className={s.historyItem} data-testid="rg-history-item">
      <div className={s.historyHead}>
        <strong>{t(`rg:history.changes.${entry.change}`, { defaultValue: entry.change })}</strong>
        <time className={s.rowMeta} dateTime={new Date(entry.at).toISOString()}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className={s.rowMeta}>
        {what && <span>{what}</span>}
        {!timed && hasValues && <span>{t('rg:history.fromTo', { from: show(entry.from), to: show(entry.to) })}</span>}
        <span className={s.by} data-by={entry.by}>
          {t(`rg:history.by.${entry.by}`)}
        </span>
      </p>
      {entry.reason && <p className={s.rowMeta}>{entry.reason}</p>}
    </li>
  );
}
