// The audit log: filters (action, operator, date range) kept in the URL, a
// server-paged table sortable within the page, each entry's changes (before
// and after) on demand, and a CSV of everything the filter finds.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@/lib/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button, DataTable, DateRangePicker, EmptyState, Spinner, TextField, isRangeValid, useToast, type Column, type Sort } from '@palaro/ui';
import { downloadText } from '@palaro/api/src/csv';
import { errorText } from '@/lib/errors';
import { dayString, formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { auditQuery, emptyFilter, fetchAllAudit, type AuditEntry, type AuditFilter } from '../api/audit';
import { auditCsv } from '../api/csv';
import { diff } from '../api/diff';
import s from './AuditLog.module.css';

const PAGE_SIZE = 25;

export const filterSchema = z
  .object({
    action: z.string().trim().regex(/^[A-Za-z0-9._-]{0,64}$/, 'validation.actionFormat'),
    operatorId: z.string().trim().regex(/^\d{0,10}$/, 'validation.operatorId'),
    range: z.object({ from: z.string(), to: z.string() }),
  })
  .refine((v) => isRangeValid(v.range), { path: ['range'], message: 'audit.invalidRange' });
type FilterForm = z.infer<typeof filterSchema>;

function readFilter(sp: URLSearchParams): AuditFilter {
  return { action: sp.get('action') ?? '', operatorId: sp.get('operatorId') ?? '', from: sp.get('from') ?? '', to: sp.get('to') ?? '' };
}

export function AuditLog() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [sp, setSp] = useSearchParams();
  const filter = readFilter(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [sort, setSort] = useState<Sort>(null);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const q = useQuery(auditQuery(filter, page, PAGE_SIZE));

  const apply = (f: AuditFilter, p = 1) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(f)) if (v) next.set(k, v);
    if (p > 1) next.set('page', String(p));
    setSp(next);
  };

  const exportCsv = useMutation({
    mutationFn: () => fetchAllAudit(filter),
    onSuccess: (rows) => {
      const header = [t('audit.entry'), t('audit.time'), t('audit.who'), t('audit.operator'), t('audit.what'), t('audit.target'), t('audit.reason'), t('audit.before'), t('audit.after'), t('audit.ip')];
      downloadText(`audit-${dayString()}.csv`, auditCsv(rows, header));
      toast('success', t('audit.exported', { count: rows.length }));
    },
    onError: (e) => toast('error', errorText(t, e)),
  });

  const toggle = (id: number) =>
    setOpen((o) => {
      const n = new Set(o);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: t('audit.time'), cell: (r) => formatDateTime(r.at), sortValue: (r) => r.at, nowrap: true },
    { key: 'operator', header: t('audit.who'), cell: (r) => r.operatorUsername || t('audit.unknown'), sortValue: (r) => r.operatorUsername },
    { key: 'action', header: t('audit.what'), cell: (r) => <code className={s.code}>{r.action}</code>, sortValue: (r) => r.action },
    { key: 'target', header: t('audit.target'), cell: (r) => r.target, sortValue: (r) => r.target },
    { key: 'reason', header: t('audit.reason'), cell: (r) => r.reason },
    { key: 'ip', header: t('audit.ip'), cell: (r) => r.ip, nowrap: true },
    {
      key: 'changes',
      header: t('audit.changes'),
      cell: (r) => (
        <Button size="sm" variant="ghost" aria-expanded={open.has(r.id)} onClick={() => toggle(r.id)}>
          {open.has(r.id) ? t('audit.hide') : t('audit.show')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        intro={t('audit.intro')}
        actions={
          <Button variant="secondary" icon={<Download size={16} aria-hidden="true" />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {t('audit.export')}
          </Button>
        }
      />
      <Filters key={sp.toString()} value={filter} onApply={(f) => apply(f)} />
      {q.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.total} aria-live="polite">
            {t('audit.total', { count: q.data.total })}
          </p>
          <DataTable
            caption={t('audit.caption')}
            hideCaption
            columns={columns}
            rows={q.data.rows}
            rowKey={(r) => r.id}
            labels={tableLabels(t)}
            sort={sort}
            onSortChange={setSort}
            page={page}
            onPageChange={(p) => apply(filter, p)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('audit.empty')} />}
            detail={(r) => (open.has(r.id) ? <Changes entry={r} /> : null)}
          />
        </>
      )}
    </>
  );
}

function Filters({ value, onApply }: { value: AuditFilter; onApply: (f: AuditFilter) => void }) {
  const { t } = useTranslation();
  const form = useForm<FilterForm>({
    resolver: zodResolver(filterSchema),
    defaultValues: { action: value.action, operatorId: value.operatorId, range: { from: value.from, to: value.to } },
  });
  const err = form.formState.errors;
  return (
    <form
      className={s.filters}
      aria-label={t('audit.filters')}
      noValidate
      onSubmit={form.handleSubmit((v) => onApply({ action: v.action, operatorId: v.operatorId, from: v.range.from, to: v.range.to }))}
    >
      <TextField className={s.small} label={t('audit.action')} placeholder={t('audit.actionHint')} error={err.action?.message && t(err.action.message)} {...form.register('action')} />
      <TextField className={s.small} label={t('audit.operator')} inputMode="numeric" error={err.operatorId?.message && t(err.operatorId.message)} {...form.register('operatorId')} />
      <Controller
        control={form.control}
        name="range"
        render={({ field }) => (
          <DateRangePicker
            value={field.value}
            onChange={field.onChange}
            labels={{ legend: t('audit.range'), from: t('audit.from'), to: t('audit.to'), invalid: t('audit.invalidRange') }}
            presets={[
              { label: t('audit.today'), range: { from: dayString(), to: dayString() } },
              { label: t('audit.last7'), range: { from: dayString(6), to: dayString() } },
            ]}
          />
        )}
      />
      <div className={s.buttons}>
        <Button type="submit" size="md">
          {t('audit.apply')}
        </Button>
        <Button variant="ghost" onClick={() => onApply(emptyFilter)}>
          {t('audit.reset')}
        </Button>
      </div>
    </form>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = diff(entry.before, entry.after);
  if (changes.length === 0) return <p className={s.none}>{t('audit.noChanges')}</p>;
  return (
    <table className={s.diff}>
      <caption className="sr-only">{t('audit.changes')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('audit.field')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field}>
            <th scope="row">
              <code>{c.field}</code>
            </th>
            <td className={s.before}>{c.before}</td>
            <td className={s.after}>{c.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
