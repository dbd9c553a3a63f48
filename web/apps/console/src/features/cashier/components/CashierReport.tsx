// The cashier report: for orders made in a period (the brand's days; the
// last 30 without a range), per queue: counts and amounts by status, the
// decisions, approval ratio and average time to decision, by operator.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, DateRangePicker, EmptyState, Spinner, isRangeValid, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { dayString } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { reportQuery, type Kind, type QueueReport } from '../api/queue';
import s from './Cashier.module.css';

const ratio = (bp: number) => `${(bp / 100).toFixed(1)}%`;

/** A duration as "1 h 5 min", "4 min 10 s" or "12 s". */
export function duration(ms: number): string {
  const sec = Math.round(ms / 1000);
  if (sec < 60) return `${sec} s`;
  const min = Math.floor(sec / 60);
  if (min < 60) return `${min} min ${sec % 60} s`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

export function CashierReport() {
  const { t } = useTranslation('console-cashier');
  const [draft, setDraft] = useState({ from: dayString(29), to: dayString() });
  const [range, setRange] = useState(draft);
  const valid = isRangeValid(draft) && !!draft.from && !!draft.to;
  return (
    <>
      <form
        className={s.filters}
        aria-label={t('report.filters')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setRange(draft);
        }}
      >
        <DateRangePicker
          value={draft}
          onChange={setDraft}
          labels={{ legend: t('filter.range'), from: t('filter.from'), to: t('filter.to'), invalid: t('validation.range') }}
          presets={[
            { label: t('filter.today'), range: { from: dayString(), to: dayString() } },
            { label: t('filter.last7'), range: { from: dayString(6), to: dayString() } },
            { label: t('filter.last30'), range: { from: dayString(29), to: dayString() } },
          ]}
        />
        <div className={s.buttons}>
          <Button type="submit" size="md" disabled={!valid}>
            {t('filter.apply')}
          </Button>
        </div>
      </form>
      <div className={s.reportGrid}>
        <ReportPart kind="deposits" from={range.from} to={range.to} />
        <ReportPart kind="withdrawals" from={range.from} to={range.to} />
      </div>
    </>
  );
}

function ReportPart({ kind, from, to }: { kind: Kind; from: string; to: string }) {
  const { t } = useTranslation('console-cashier');
  const { t: tShell } = useTranslation();
  const q = useQuery(reportQuery(kind, from, to));
  const title = t(`tab.${kind}`);
  if (q.isPending) return <Spinner label={t('loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const r: QueueReport = q.data;
  const money = (v: number) => formatMinor(v, 2);
  const opCols: Column<QueueReport['byOperator'][number]>[] = [
    { key: 'op', header: t('report.operator'), cell: (o) => t('detail.operatorId', { id: o.operatorId }), sortValue: (o) => o.operatorId },
    { key: 'a', header: t('report.approved'), cell: (o) => o.approved, sortValue: (o) => o.approved, align: 'end' },
    { key: 'r', header: t('report.rejected'), cell: (o) => o.rejected, sortValue: (o) => o.rejected, align: 'end' },
    { key: 'ratio', header: t('report.ratio'), cell: (o) => ratio(o.approvalRatioBp), sortValue: (o) => o.approvalRatioBp, align: 'end', nowrap: true },
    { key: 'avg', header: t('report.avg'), cell: (o) => duration(o.avgDecisionMs), sortValue: (o) => o.avgDecisionMs, align: 'end', nowrap: true },
  ];
  const statusCols: Column<QueueReport['byStatus'][number]>[] = [
    { key: 's', header: t('col.status'), cell: (b) => t(`status.${b.status}`, { defaultValue: b.status }) },
    { key: 'c', header: t('report.count'), cell: (b) => b.count, align: 'end' },
    { key: 'm', header: t('col.amount'), cell: (b) => <span className={s.mono}>{money(b.amount)}</span>, align: 'end', nowrap: true },
  ];
  return (
    <section aria-label={title} data-testid={`report-${kind}`}>
      <h2>{title}</h2>
      <dl className={s.cards}>
        <div className={s.card}>
          <dt>{t('report.count')}</dt>
          <dd>{r.count}</dd>
        </div>
        <div className={s.card}>
          <dt>{t('col.amount')}</dt>
          <dd>{money(r.amount)}</dd>
        </div>
        <div className={s.card}>
          <dt>{t('report.ratio')}</dt>
          <dd>{r.decided.approved + r.decided.rejected > 0 ? ratio(r.decided.approvalRatioBp) : '–'}</dd>
        </div>
        <div className={s.card}>
          <dt>{t('report.avg')}</dt>
          <dd>{r.decided.approved + r.decided.rejected > 0 ? duration(r.decided.avgDecisionMs) : '–'}</dd>
        </div>
      </dl>
      <DataTable caption={t('report.byStatus')} columns={statusCols} rows={r.byStatus} rowKey={(b) => b.status} labels={tableLabels(tShell)} empty={<EmptyState compact title={t('report.none')} />} />
      <DataTable caption={t('report.byOperator')} columns={opCols} rows={r.byOperator} rowKey={(o) => o.operatorId} labels={tableLabels(tShell)} empty={<EmptyState compact title={t('report.noDecisions')} />} />
    </section>
  );
}
