// Commission bills: the ones waiting for an operator's approval first
// (platform-paid bills where the brand holds them), then every bill by agent,
// type, status and period (kept in the URL), with the sums of all that match
// and the whole list as a CSV file. With commission.approve a waiting bill is
// paid or rejected with a reason.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Check, Download, X } from 'lucide-react';
import { Button, DataTable, EmptyState, SelectField, Spinner, TextField, useToast, type Column } from '@palaro/ui';
import { downloadText } from '@palaro/api/src/csv';
import { formatMinor } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { dayString, formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { BILL_STATUSES, CONTRACT_TYPES, PAGE_SIZE, allBills, billsQuery, type Bill, type BillFilter } from '../api/commission';
import { MAX_RANGE_DAYS, USERNAME_MAX, billFilterSchema, billsCsv, formatRate } from '../api/schema';
import { ApproveDialog, BillInputsDialog, RejectDialog } from './BillDialogs';
import { Badge, Money, NS } from './shared';
import s from './Agents.module.css';

// The server reads the days in the brand's zone, the browser counts them in
// the operator's: ending the default range tomorrow keeps the brand's today
// in it for an operator behind the brand's zone (UTC against Manila after
// 16:00), and no bill belongs to a day not yet begun.
const defaults = (): BillFilter => ({ agent: '', type: '', status: '', from: dayString(29), to: dayString(-1) });

function readFilter(sp: URLSearchParams): BillFilter {
  const d = defaults();
  const type = sp.get('type') ?? '';
  const status = sp.get('status') ?? '';
  const f: BillFilter = {
    agent: (sp.get('agent') ?? '').trim().slice(0, USERNAME_MAX),
    type: (CONTRACT_TYPES as readonly string[]).includes(type) ? type : '',
    status: (BILL_STATUSES as readonly string[]).includes(status) ? status : '',
    from: sp.get('from') ?? d.from,
    to: sp.get('to') ?? d.to,
  };
  return billFilterSchema.safeParse(f).success ? f : { ...f, from: d.from, to: d.to };
}

type Act = { kind: 'approve' | 'reject' | 'inputs'; bill: Bill; decimals: number };

export function Bills(p: { canApprove: boolean; treePath: (account: string) => string }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [sp, setSp] = useSearchParams();
  const filter = readFilter(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const q = useQuery(billsQuery(filter, page));
  const [act, setAct] = useState<Act | null>(null);

  const apply = (f: BillFilter, pg = 1) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(f)) if (v.trim()) next.set(k, v.trim());
    if (pg > 1) next.set('page', String(pg));
    setSp(next);
  };

  const words = {
    platform: t('common.platform'),
    type: (x: string) => t(`contractTypes.${x}`, { defaultValue: x }),
    status: (x: string) => t(`billStatus.${x}`, { defaultValue: x }),
  };
  const exportCsv = useMutation({
    mutationFn: async () => {
      const all = await allBills(filter);
      const header = ['id', 'contract', 'type', 'periodStart', 'periodEnd', 'payer', 'payee', 'validBets', 'netLoss', 'activeMembers', 'tier', 'rate', 'amount', 'paid', 'status', 'currency'].map((k) =>
        t(`csv.${k}`),
      );
      downloadText(`commission-bills-${filter.from}-${filter.to}.csv`, billsCsv(all.list, header, all.decimals, words));
      return all;
    },
    onSuccess: (all) => toast('success', all.truncated ? t('bills.exportedCapped', { n: all.list.length }) : t('bills.exported', { n: all.list.length })),
    onError: (e) => toast('error', errorText(t, e)),
  });

  const dec = q.data?.decimals ?? 2;
  const columns = billColumns({ t, decimals: dec, canApprove: p.canApprove, treePath: p.treePath, onAct: setAct });

  return (
    <>
      <PageHeader
        title={t('bills.title')}
        intro={t('bills.intro')}
        actions={
          <Button variant="secondary" icon={<Download size={16} aria-hidden="true" />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {t('bills.export')}
          </Button>
        }
      />
      <Awaiting canApprove={p.canApprove} treePath={p.treePath} onAct={setAct} />
      <Filters key={`filters:${sp.toString()}`} value={filter} onApply={(f) => apply(f)} />
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.sums} aria-live="polite">
            <span>
              {t('bills.count')} <strong>{q.data.total.toLocaleString()}</strong>
            </span>
            <span>
              {t('bills.owed')} <strong>{<Money minor={q.data.sums.amount} decimals={dec} currency={q.data.currency} />}</strong>
            </span>
            <span>
              {t('bills.paidSum')} <strong>{<Money minor={q.data.sums.paid} decimals={dec} currency={q.data.currency} />}</strong>
            </span>
          </p>
          <DataTable
            caption={t('bills.caption')}
            hideCaption
            columns={columns}
            rows={q.data.list}
            rowKey={(b) => b.id}
            labels={tableLabels(tc)}
            page={page}
            onPageChange={(pg) => apply(filter, pg)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('bills.empty')} />}
          />
        </>
      )}
      <ApproveDialog act={act?.kind === 'approve' ? act : null} onClose={() => setAct(null)} />
      <RejectDialog act={act?.kind === 'reject' ? act : null} onClose={() => setAct(null)} />
      <BillInputsDialog act={act?.kind === 'inputs' ? act : null} onClose={() => setAct(null)} />
    </>
  );
}

type ColumnsArgs = { t: (k: string, o?: Record<string, unknown>) => string; decimals: number; canApprove: boolean; treePath: (a: string) => string; onAct: (a: Act) => void; brief?: boolean };

function billColumns({ t, decimals, canApprove, treePath, onAct, brief }: ColumnsArgs): Column<Bill>[] {
  const cols: Column<Bill>[] = [
    { key: 'id', header: t('bills.col.id'), cell: (b) => b.id, align: 'end', nowrap: true },
    {
      key: 'payee',
      header: t('bills.col.payee'),
      cell: (b) => (
        <span className={s.stack}>
          <Link to={treePath(b.payeeAccount)} className={s.rowLink}>
            {b.payeeAccount}
          </Link>
          <span className={s.muted}>{t('bills.paidByAccount', { account: b.payerId === 0 ? t('common.platform') : b.payerAccount })}</span>
        </span>
      ),
    },
    {
      key: 'type',
      header: t('bills.col.type'),
      cell: (b) => (
        <span className={s.stack}>
          <span>{t(`contractTypes.${b.type}`, { defaultValue: b.type })}</span>
          <span className={s.muted}>{b.type === 'realtime' ? t('bills.realtimeRate') : b.inputs.tier ? t('bills.tierRate', { n: b.inputs.tier, rate: formatRate(b.inputs.rate) }) : t('bills.noTier')}</span>
        </span>
      ),
    },
    {
      key: 'period',
      header: t('bills.col.period'),
      cell: (b) => (
        <span className={s.stack}>
          <span>{formatDateTime(b.periodStart)}</span>
          <span className={s.muted}>{formatDateTime(b.periodEnd)}</span>
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'amount',
      header: t('bills.col.amount'),
      cell: (b) => (
        <span className={s.stack}>
          <Money minor={b.amount} decimals={decimals} currency={b.currency} />
          {!brief && b.paid > 0 && b.paid !== b.amount && <span className={s.muted}>{t('bills.paidPart', { amount: formatMinor(b.paid, decimals) })}</span>}
        </span>
      ),
      align: 'end',
    },
  ];
  if (!brief) cols.push({ key: 'status', header: t('bills.col.status'), cell: (b) => <Badge group="billStatus" value={b.status} /> });
  cols.push({
    key: 'actions',
    header: <span className="sr-only">{t('bills.col.actions')}</span>,
    cell: (b) => (
      <div className={s.actions}>
        {canApprove && b.status === 'awaiting_approval' && (
          <>
            <Button size="sm" icon={<Check size={14} aria-hidden="true" />} aria-label={t('bills.approveLabel', { id: b.id })} onClick={() => onAct({ kind: 'approve', bill: b, decimals })}>
              {t('bills.approve')}
            </Button>
            <Button size="sm" variant="secondary" icon={<X size={14} aria-hidden="true" />} aria-label={t('bills.rejectLabel', { id: b.id })} onClick={() => onAct({ kind: 'reject', bill: b, decimals })}>
              {t('bills.reject')}
            </Button>
          </>
        )}
        {!brief && (
          <Button size="sm" variant="ghost" aria-label={t('bills.inputsOf', { id: b.id })} onClick={() => onAct({ kind: 'inputs', bill: b, decimals })}>
            {t('bills.inputs')}
          </Button>
        )}
      </div>
    ),
  });
  return cols;
}

/** Platform-paid bills the brand holds for approval, over the longest period the server lists; shown only when there are some. */
function Awaiting(p: { canApprove: boolean; treePath: (a: string) => string; onAct: (a: Act) => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useQuery(billsQuery({ agent: '', type: '', status: 'awaiting_approval', from: dayString(MAX_RANGE_DAYS - 2), to: dayString(-1) }, page, 10));
  if (!q.data || q.data.total === 0) return null;
  const columns = billColumns({ t, decimals: q.data.decimals, canApprove: p.canApprove, treePath: p.treePath, onAct: p.onAct, brief: true });
  return (
    <section className={s.awaiting} aria-labelledby="bills-awaiting">
      <div className={s.awaitingHead}>
        <h2 id="bills-awaiting" className={s.awaitingTitle}>
          {t('bills.awaitingTitle', { count: q.data.total })}
        </h2>
        <span className={s.sums}>
          {t('bills.owed')}&nbsp;
          <strong>
            <Money minor={q.data.sums.amount} decimals={q.data.decimals} currency={q.data.currency} />
          </strong>
        </span>
      </div>
      <p className={s.hint}>{p.canApprove ? t('bills.awaitingIntro') : t('bills.awaitingReadOnly')}</p>
      <DataTable
        caption={t('bills.awaitingCaption')}
        hideCaption
        columns={columns}
        rows={q.data.list}
        rowKey={(b) => b.id}
        labels={tableLabels(tc)}
        page={page}
        onPageChange={setPage}
        manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / 10)) }}
        busy={q.isFetching}
      />
    </section>
  );
}

function Filters({ value, onApply }: { value: BillFilter; onApply: (f: BillFilter) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<BillFilter>({ resolver: zodResolver(billFilterSchema), defaultValues: value });
  const e = form.formState.errors;
  return (
    <form className={s.filters} aria-label={t('bills.filters')} noValidate onSubmit={form.handleSubmit(onApply)}>
      <TextField className={s.search} label={t('filters.agent')} hint={t('filters.agentHint')} maxLength={USERNAME_MAX} autoComplete="off" spellCheck={false} {...form.register('agent')} />
      <SelectField className={s.small} label={t('filters.type')} {...form.register('type')}>
        <option value="">{t('filters.allTypes')}</option>
        {CONTRACT_TYPES.map((c) => (
          <option key={c} value={c}>
            {t(`contractTypes.${c}`)}
          </option>
        ))}
      </SelectField>
      <SelectField className={s.small} label={t('filters.status')} {...form.register('status')}>
        <option value="">{t('filters.allStatuses')}</option>
        {BILL_STATUSES.map((c) => (
          <option key={c} value={c}>
            {t(`billStatus.${c}`)}
          </option>
        ))}
      </SelectField>
      <TextField className={s.date} type="date" label={t('filters.from')} error={e.from ? t(`validation.${e.from.message}`, { max: MAX_RANGE_DAYS }) : undefined} {...form.register('from')} />
      <TextField className={s.date} type="date" label={t('filters.to')} error={e.to ? t(`validation.${e.to.message}`, { max: MAX_RANGE_DAYS }) : undefined} {...form.register('to')} />
      <div className={s.buttons}>
        <Button type="submit">{t('filters.apply')}</Button>
        <Button variant="ghost" onClick={() => onApply(defaults())}>
          {t('filters.reset')}
        </Button>
      </div>
    </form>
  );
}
