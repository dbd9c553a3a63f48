// The feedback inbox: players' and visitors' messages by type and status
// (filters kept in the URL), a server-paged table, each message opened on
// its own page, and a CSV of everything the filter finds.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button, DataTable, EmptyState, SelectField, Spinner, useToast, type Column, type Sort } from '@palaro/ui';
import { downloadText } from '@palaro/api/src/csv';
import { errorText } from '@/lib/errors';
import { dayString, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES, emptyFilter, feedbackListQuery, fetchAllFeedback, type FeedbackFilter, type FeedbackItem } from '../api/feedback';
import { feedbackCsv } from '../api/csv';
import { StatusBadge } from './StatusBadge';
import s from './Feedback.module.css';

const PAGE_SIZE = 25;
const NS = 'console-feedback';

function readFilter(sp: URLSearchParams): FeedbackFilter {
  const type = sp.get('type') ?? '';
  const status = sp.get('status') ?? '';
  return {
    type: (FEEDBACK_TYPES as readonly number[]).includes(Number(type)) && type !== '' ? type : '',
    status: (FEEDBACK_STATUSES as readonly string[]).includes(status) ? status : '',
  };
}

export function FeedbackInbox() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [sp, setSp] = useSearchParams();
  const filter = readFilter(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [sort, setSort] = useState<Sort>(null);
  const q = useQuery(feedbackListQuery(filter, page, PAGE_SIZE));

  const apply = (f: FeedbackFilter, p = 1) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(f)) if (v) next.set(k, v);
    if (p > 1) next.set('page', String(p));
    setSp(next);
  };

  const typeName = (n: number) => t(`types.${n}`, { defaultValue: String(n) });
  const statusName = (st: string) => t(`status.${st}`, { defaultValue: st });

  const exportCsv = useMutation({
    mutationFn: () => fetchAllFeedback(filter),
    onSuccess: (rows) => {
      const header = ['id', 'received', 'type', 'status', 'account', 'contact', 'message', 'reply', 'repliedAt', 'closedAt', 'ip'].map((k) => t(`csv.${k}`));
      downloadText(`feedback-${dayString()}.csv`, feedbackCsv(rows, header, typeName, statusName));
      toast('success', t('exported', { count: rows.length }));
    },
    onError: (e) => toast('error', errorText(tc, e)),
  });

  const columns: Column<FeedbackItem>[] = [
    { key: 'createdAt', header: t('received'), cell: (r) => formatDateTime(r.createdAt), sortValue: (r) => r.createdAt, nowrap: true },
    {
      key: 'from',
      header: t('from'),
      sortValue: (r) => r.account || r.sender,
      cell: (r) =>
        r.memberId ? (
          <span className={s.who}>
            <span>{r.account}</span>
          </span>
        ) : (
          <span className={s.who}>
            <span>{t('visitor')}</span>
            <span className={s.sub}>{r.sender}</span>
          </span>
        ),
    },
    { key: 'type', header: t('type'), cell: (r) => typeName(r.type), sortValue: (r) => r.type, nowrap: true },
    { key: 'status', header: t('statusLabel'), cell: (r) => <StatusBadge status={r.status} />, sortValue: (r) => r.status },
    {
      key: 'content',
      header: t('message'),
      cell: (r) => (
        <Link to={paths.feedbackItem(r.id)} className={s.excerpt} aria-label={t('openItem', { id: r.id })}>
          {r.content}
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <Button variant="secondary" icon={<Download size={16} aria-hidden="true" />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {t('export')}
          </Button>
        }
      />
      <Filters key={sp.toString()} value={filter} onApply={(f) => apply(f)} />
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.total} aria-live="polite">
            {t('total', { count: q.data.total })}
          </p>
          <DataTable
            caption={t('caption')}
            hideCaption
            columns={columns}
            rows={q.data.items}
            rowKey={(r) => r.id}
            labels={tableLabels(tc)}
            sort={sort}
            onSortChange={setSort}
            page={page}
            onPageChange={(p) => apply(filter, p)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('empty')} />}
          />
        </>
      )}
    </>
  );
}

function Filters({ value, onApply }: { value: FeedbackFilter; onApply: (f: FeedbackFilter) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<FeedbackFilter>({ defaultValues: value });
  return (
    <form className={s.filters} aria-label={t('filters')} noValidate onSubmit={form.handleSubmit(onApply)}>
      <SelectField className={s.small} label={t('type')} {...form.register('type')}>
        <option value="">{t('allTypes')}</option>
        {FEEDBACK_TYPES.map((n) => (
          <option key={n} value={String(n)}>
            {t(`types.${n}`)}
          </option>
        ))}
      </SelectField>
      <SelectField className={s.small} label={t('statusLabel')} {...form.register('status')}>
        <option value="">{t('allStatuses')}</option>
        {FEEDBACK_STATUSES.map((st) => (
          <option key={st} value={st}>
            {t(`status.${st}`)}
          </option>
        ))}
      </SelectField>
      <div className={s.buttons}>
        <Button type="submit" size="md">
          {t('apply')}
        </Button>
        <Button variant="ghost" onClick={() => onApply(emptyFilter)}>
          {t('reset')}
        </Button>
      </div>
    </form>
  );
}
