// The cashier: the deposit and withdrawal queues (filters kept in the URL,
// server pages, the server's CSV of the filter, each order in a dialog with
// its image and the decision) and the queue report for a date range.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button, DateRangePicker, SelectField, Spinner, Tabs, TextField, isRangeValid, useToast, type Sort } from '@palaro/ui';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { dayString } from '@/lib/format';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { defaultFilter, downloadQueueCsv, queueQuery, statusesOf, type Kind, type QueueFilter, type QueueRow } from '../api/queue';
import { QueueTable } from './QueueTable';
import { OrderDialog } from './OrderDialog';
import { CashierReport } from './CashierReport';
import s from './Cashier.module.css';

const PAGE_SIZE = 20;
type Tab = Kind | 'report';
const TABS: readonly Tab[] = ['deposits', 'withdrawals', 'report'];

export const filterSchema = z
  .object({
    status: z.string(),
    orderNo: z.string().trim().regex(/^[A-Za-z0-9_-]{0,32}$/, 'validation.orderNo'),
    member: z.string().trim().max(64, 'validation.member'),
    range: z.object({ from: z.string(), to: z.string() }),
  })
  .refine((v) => isRangeValid(v.range) && (!v.range.from) === (!v.range.to), { path: ['range'], message: 'validation.range' });
type FilterForm = z.infer<typeof filterSchema>;

function readFilter(sp: URLSearchParams): QueueFilter {
  return {
    status: sp.has('status') ? (sp.get('status') ?? '') : defaultFilter.status,
    orderNo: sp.get('orderNo') ?? '',
    member: sp.get('member') ?? '',
    from: sp.get('from') ?? '',
    to: sp.get('to') ?? '',
  };
}

export type CashierProps = { permissions: readonly string[]; playerPath: (id: number) => string };

export function Cashier({ permissions, playerPath }: CashierProps) {
  const { t } = useTranslation('console-cashier');
  const [sp, setSp] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(sp.get('tab') ?? '') ? (sp.get('tab') as Tab) : 'deposits';
  const setTab = (k: string) => setSp(new URLSearchParams({ tab: k }));
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <Tabs
        className={s.tabs}
        label={t('tabs')}
        value={tab}
        onChange={setTab}
        tabs={TABS.map((k) => ({ key: k, label: t(`tab.${k}`) }))}
      >
        {tab === 'report' ? (
          <CashierReport />
        ) : (
          <Queue key={tab} kind={tab} permissions={permissions} playerPath={playerPath} />
        )}
      </Tabs>
    </>
  );
}

function Queue({ kind, permissions, playerPath }: { kind: Kind } & CashierProps) {
  const { t } = useTranslation('console-cashier');
  const { toast } = useToast();
  const [sp, setSp] = useSearchParams();
  const filter = readFilter(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [sort, setSort] = useState<Sort>(null);
  const [open, setOpen] = useState<QueueRow | null>(null);
  const q = useQuery(queueQuery(kind, filter, page, PAGE_SIZE));
  const canDecide = permissions.includes('cashier.decide');
  const canSeePlayers = permissions.includes('players.read');

  const apply = (f: QueueFilter, p = 1) => {
    const next = new URLSearchParams({ tab: kind });
    for (const [k, v] of Object.entries(f)) if (v || (k === 'status' && v !== defaultFilter.status)) next.set(k, v);
    if (p > 1) next.set('page', String(p));
    setSp(next);
  };

  const csv = useMutation({
    mutationFn: () => downloadQueueCsv(kind, filter),
    onSuccess: () => toast('success', t('exported')),
    onError: (e) => toast('error', errorText(t, e)),
  });

  return (
    <>
      <Filters key={`${kind}-${sp.toString()}`} kind={kind} value={filter} onApply={(f) => apply(f)} />
      {q.isPending ? (
        <Spinner label={t('loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <div className={s.bar}>
            <p className={s.total} aria-live="polite">
              {q.data.totalCapped ? t('totalCapped', { n: q.data.total }) : t('total', { count: q.data.total })}
            </p>
            <Button variant="secondary" size="sm" icon={<Download size={16} aria-hidden="true" />} loading={csv.isPending} onClick={() => csv.mutate()}>
              {t('export')}
            </Button>
          </div>
          <QueueTable
            rows={q.data.rows}
            page={page}
            totalPages={Math.max(1, Math.ceil(q.data.total / PAGE_SIZE))}
            onPageChange={(p) => apply(filter, p)}
            onOpen={setOpen}
            busy={q.isFetching}
            sort={sort}
            onSortChange={setSort}
            canSeePlayers={canSeePlayers}
            playerPath={playerPath}
          />
        </>
      )}
      {open && <OrderDialog row={open} open onClose={() => setOpen(null)} canDecide={canDecide} canSeePlayers={canSeePlayers} playerPath={playerPath} />}
    </>
  );
}

function Filters({ kind, value, onApply }: { kind: Kind; value: QueueFilter; onApply: (f: QueueFilter) => void }) {
  const { t } = useTranslation('console-cashier');
  const form = useForm<FilterForm>({
    resolver: zodResolver(filterSchema),
    defaultValues: { status: value.status, orderNo: value.orderNo, member: value.member, range: { from: value.from, to: value.to } },
  });
  const err = form.formState.errors;
  return (
    <form
      className={s.filters}
      aria-label={t('filters')}
      noValidate
      onSubmit={form.handleSubmit((v) => onApply({ status: v.status, orderNo: v.orderNo.trim(), member: v.member.trim(), from: v.range.from, to: v.range.to }))}
    >
      <SelectField className={s.small} label={t('col.status')} {...form.register('status')}>
        <option value="">{t('allStatuses')}</option>
        {statusesOf(kind).map((st) => (
          <option key={st} value={st}>
            {t(`status.${st}`)}
          </option>
        ))}
      </SelectField>
      <TextField className={s.small} label={t('col.orderNo')} error={err.orderNo?.message && t(err.orderNo.message)} {...form.register('orderNo')} />
      <TextField className={s.small} label={t('filter.member')} autoComplete="off" error={err.member?.message && t(err.member.message)} {...form.register('member')} />
      <Controller
        control={form.control}
        name="range"
        render={({ field }) => (
          <DateRangePicker
            value={field.value}
            onChange={field.onChange}
            labels={{ legend: t('filter.range'), from: t('filter.from'), to: t('filter.to'), invalid: t('validation.range') }}
            presets={[
              { label: t('filter.today'), range: { from: dayString(), to: dayString() } },
              { label: t('filter.last7'), range: { from: dayString(6), to: dayString() } },
            ]}
          />
        )}
      />
      {err.range?.message && (
        <p className={s.note} role="alert">
          {t(err.range.message)}
        </p>
      )}
      <div className={s.buttons}>
        <Button type="submit" size="md">
          {t('filter.apply')}
        </Button>
        <Button variant="ghost" onClick={() => onApply(defaultFilter)}>
          {t('filter.reset')}
        </Button>
      </div>
    </form>
  );
}
