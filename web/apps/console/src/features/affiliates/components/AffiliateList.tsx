// Affiliate applications: by status and channel, a search over name,
// username, mobile and e-mail (filters kept in the URL), server-paged,
// each application opened on its own page.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, EmptyState, SelectField, Spinner, TextField, type Column, type Sort } from '@palaro/ui';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { AFFILIATE_STATUSES, CHANNELS, affiliateListQuery, emptyFilter, type AffiliateFilter, type Application } from '../api/affiliates';
import { StatusBadge } from './StatusBadge';
import s from './Affiliates.module.css';

const PAGE_SIZE = 25;
const NS = 'console-affiliates';

function readFilter(sp: URLSearchParams): AffiliateFilter {
  const status = sp.get('status') ?? '';
  const channel = sp.get('channel') ?? '';
  return {
    status: (AFFILIATE_STATUSES as readonly string[]).includes(status) ? status : '',
    channel: (CHANNELS as readonly string[]).includes(channel) ? channel : '',
    q: (sp.get('q') ?? '').slice(0, 64),
  };
}

export function AffiliateList() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const filter = readFilter(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [sort, setSort] = useState<Sort>(null);
  const q = useQuery(affiliateListQuery(filter, page, PAGE_SIZE));

  const apply = (f: AffiliateFilter, p = 1) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(f)) if (v.trim()) next.set(k, v.trim());
    if (p > 1) next.set('page', String(p));
    setSp(next);
  };

  const columns: Column<Application>[] = [
    { key: 'createdAt', header: t('received'), cell: (r) => formatDateTime(r.createdAt), sortValue: (r) => r.createdAt, nowrap: true },
    {
      key: 'applicant',
      header: t('applicant'),
      sortValue: (r) => r.contactName,
      cell: (r) => (
        <span className={s.who}>
          <Link to={paths.affiliateItem(r.id)} aria-label={t('openItem', { id: r.id, name: r.contactName })}>
            {r.contactName}
          </Link>
          <span className={s.sub}>{r.account ? t('member', { account: r.account }) : t('visitor')}</span>
        </span>
      ),
    },
    {
      key: 'channel',
      header: t('channel'),
      sortValue: (r) => r.channel,
      cell: (r) => (
        <span className={s.who}>
          <span>{t(`channels.${r.channel}`, { defaultValue: r.channel })}</span>
          <span className={s.sub}>{r.channelUrl}</span>
        </span>
      ),
    },
    { key: 'audience', header: t('audience'), cell: (r) => r.audience.toLocaleString(), sortValue: (r) => r.audience, nowrap: true },
    { key: 'status', header: t('statusLabel'), cell: (r) => <StatusBadge status={r.status} />, sortValue: (r) => r.status },
  ];

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
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

function Filters({ value, onApply }: { value: AffiliateFilter; onApply: (f: AffiliateFilter) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<AffiliateFilter>({ defaultValues: value });
  return (
    <form className={s.filters} aria-label={t('filters')} noValidate onSubmit={form.handleSubmit(onApply)}>
      <SelectField className={s.small} label={t('statusLabel')} {...form.register('status')}>
        <option value="">{t('allStatuses')}</option>
        {AFFILIATE_STATUSES.map((st) => (
          <option key={st} value={st}>
            {t(`status.${st}`)}
          </option>
        ))}
      </SelectField>
      <SelectField className={s.small} label={t('channel')} {...form.register('channel')}>
        <option value="">{t('allChannels')}</option>
        {CHANNELS.map((c) => (
          <option key={c} value={c}>
            {t(`channels.${c}`)}
          </option>
        ))}
      </SelectField>
      <TextField className={s.search} label={t('search')} maxLength={64} type="search" {...form.register('q')} />
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
