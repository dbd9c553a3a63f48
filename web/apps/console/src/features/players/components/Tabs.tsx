// The player page's tabs over the player's records: transactions, rounds
// (with the round detail and the in-house recall), deposits, withdrawals,
// internal notes and the audit of actions on this member.
import { useState, type ReactNode } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, DateRangePicker, Dialog, EmptyState, SelectField, Spinner, TextField, isRangeValid, useToast, type Column } from '@palaro/ui';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { dayString, formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import {
  addNote,
  auditQuery,
  cashierQuery,
  DEPOSIT_STATUSES,
  GAME_TYPES,
  notesQuery,
  playerKey,
  RECORD_TYPES,
  ROUND_STATUSES,
  roundQuery,
  roundsQuery,
  transactionsQuery,
  WITHDRAWAL_STATUSES,
  type AuditRow,
  type Bet,
  type Deposit,
  type Note,
  type RecordLine,
  type Withdrawal,
} from '../api/players';
import { NOTE_MAX, noteSchema } from '../api/schemas';
import { Facts, Money, NS } from './shared';
import s from './Players.module.css';

const PAGE = 20;
const pages = (total: number) => Math.max(1, Math.ceil(total / PAGE));

const rangeSchema = z.object({ range: z.object({ from: z.string(), to: z.string() }), a: z.string(), b: z.string(), c: z.string() }).refine((v) => isRangeValid(v.range), { path: ['range'], message: 'v.range' });
type RangeForm = z.infer<typeof rangeSchema>;
type Choice = { name: 'a' | 'b'; label: string; options: readonly string[]; optionLabel: (v: string) => string };

/** A date range plus up to two choices and one text, applied together. */
function RangeFilters({ value, onApply, choices, text }: { value: RangeForm; onApply: (v: RangeForm) => void; choices: Choice[]; text?: string }) {
  const { t } = useTranslation(NS);
  const form = useForm<RangeForm>({ resolver: zodResolver(rangeSchema), defaultValues: value });
  return (
    <form className={s.filters} aria-label={t('filters.label')} noValidate onSubmit={form.handleSubmit(onApply)}>
      <Controller
        control={form.control}
        name="range"
        render={({ field }) => (
          <DateRangePicker
            value={field.value}
            onChange={field.onChange}
            labels={{ legend: t('filters.range'), from: t('filters.from'), to: t('filters.to'), invalid: t('v.range') }}
            presets={[
              { label: t('filters.today'), range: { from: dayString(), to: dayString() } },
              { label: t('filters.last7'), range: { from: dayString(6), to: dayString() } },
              { label: t('filters.last30'), range: { from: dayString(29), to: dayString() } },
            ]}
          />
        )}
      />
      {choices.map((c) => (
        <SelectField key={c.name} className={s.byField} label={c.label} {...form.register(c.name)}>
          <option value="">{t('filters.all')}</option>
          {c.options.map((o) => (
            <option key={o} value={o}>
              {c.optionLabel(o)}
            </option>
          ))}
        </SelectField>
      ))}
      {text && <TextField className={s.byField} label={text} autoComplete="off" {...form.register('c')} />}
      <div className={s.buttons}>
        <Button type="submit">{t('filters.apply')}</Button>
      </div>
    </form>
  );
}

function Loaded<T>({ q, children }: { q: { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown; isFetching: boolean }; children: (d: T) => ReactNode }) {
  const { t } = useTranslation();
  if (q.isPending) return <Spinner label={t('common.loading')} />;
  if (q.isError || q.data === undefined) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  return <>{children(q.data)}</>;
}

const empty: RangeForm = { range: { from: '', to: '' }, a: '', b: '', c: '' };

export function TransactionsTab({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [f, setF] = useState(empty);
  const [page, setPage] = useState(1);
  const q = useQuery(transactionsQuery(id, { from: f.range.from, to: f.range.to, type: f.a }, page));
  const columns = (dec: number): Column<RecordLine>[] => [
    { key: 'time', header: t('tx.time'), cell: (r) => formatDateTime(r.time), nowrap: true },
    { key: 'type', header: t('tx.type'), cell: (r) => t(`txType.${r.type}`, { defaultValue: r.type }) },
    { key: 'wallet', header: t('tx.wallet'), cell: (r) => t(`wallet.${r.wallet}`, { defaultValue: r.wallet }) },
    { key: 'amount', header: t('tx.amount'), cell: (r) => <Money minor={r.amount} decimals={dec} />, align: 'end', nowrap: true },
    { key: 'after', header: t('tx.balanceAfter'), cell: (r) => <Money minor={r.balanceAfter} decimals={dec} />, align: 'end', nowrap: true },
    { key: 'ref', header: t('tx.reference'), cell: (r) => <span className={s.clip}>{r.reference || '—'}</span> },
    { key: 'remark', header: t('tx.remark'), cell: (r) => r.remark || '—' },
  ];
  return (
    <>
      <RangeFilters
        value={f}
        onApply={(v) => {
          setF(v);
          setPage(1);
        }}
        choices={[{ name: 'a', label: t('tx.type'), options: RECORD_TYPES, optionLabel: (o) => t(`txType.${o}`) }]}
      />
      <Loaded q={q}>
        {(d) => (
          <>
            <p className={s.total}>
              {t('tx.sums', { from: d.from, to: d.to, n: d.total })} <Money minor={d.sums.in} decimals={d.decimals} currency={d.currency} /> {t('tx.in')} ·{' '}
              <Money minor={-d.sums.out} decimals={d.decimals} currency={d.currency} /> {t('tx.out')}
            </p>
            <DataTable
              caption={t('tabs.transactions')}
              hideCaption
              columns={columns(d.decimals)}
              rows={d.items}
              rowKey={(r) => r.id}
              labels={tableLabels(tc)}
              page={page}
              onPageChange={setPage}
              manual={{ totalPages: pages(d.total) }}
              busy={q.isFetching}
              empty={<EmptyState compact title={t('tx.empty')} />}
            />
          </>
        )}
      </Loaded>
    </>
  );
}

export function RoundsTab({ id, decimals }: { id: number; decimals: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [f, setF] = useState(empty);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery(roundsQuery(id, { from: f.range.from, to: f.range.to, gameType: f.a, status: f.b, vendor: f.c }, page));
  const columns: Column<Bet>[] = [
    { key: 'at', header: t('rounds.started'), cell: (r) => formatDateTime(r.startedAt), nowrap: true },
    { key: 'game', header: t('rounds.game'), cell: (r) => <span className={s.stack}><span>{r.gameName || r.gameCode}</span><span className={s.muted}>{r.vendor} · {r.gameType}</span></span> },
    { key: 'bet', header: t('rounds.bet'), cell: (r) => <Money minor={r.bet} decimals={decimals} />, align: 'end', nowrap: true },
    { key: 'win', header: t('rounds.win'), cell: (r) => <Money minor={r.win} decimals={decimals} />, align: 'end', nowrap: true },
    { key: 'profit', header: t('rounds.profit'), cell: (r) => <Money minor={r.profit} decimals={decimals} />, align: 'end', nowrap: true },
    { key: 'status', header: t('rounds.status'), cell: (r) => t(`roundStatus.${r.status}`, { defaultValue: r.status }) },
    {
      key: 'open',
      header: t('rounds.detail'),
      cell: (r) => (
        <Button size="sm" variant="ghost" onClick={() => setOpen(r.id)} aria-label={t('rounds.openDetail', { round: r.roundId })}>
          {t('rounds.view')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <RangeFilters
        value={f}
        onApply={(v) => {
          setF(v);
          setPage(1);
        }}
        choices={[
          { name: 'a', label: t('rounds.gameType'), options: GAME_TYPES, optionLabel: (o) => o },
          { name: 'b', label: t('rounds.status'), options: ROUND_STATUSES, optionLabel: (o) => t(`roundStatus.${o}`) },
        ]}
        text={t('rounds.vendor')}
      />
      <Loaded q={q}>
        {(d) => (
          <>
            <p className={s.total}>
              {t('rounds.sums', { from: d.from, to: d.to, n: d.sums.rounds })} {t('rounds.bet')} <Money minor={d.sums.bet} decimals={decimals} /> · {t('rounds.win')}{' '}
              <Money minor={d.sums.win} decimals={decimals} /> · {t('rounds.profit')} <Money minor={d.sums.profit} decimals={decimals} />
            </p>
            <DataTable
              caption={t('tabs.rounds')}
              hideCaption
              columns={columns}
              rows={d.items}
              rowKey={(r) => r.id}
              labels={tableLabels(tc)}
              page={page}
              onPageChange={setPage}
              manual={{ totalPages: pages(d.total) }}
              busy={q.isFetching}
              empty={<EmptyState compact title={t('rounds.empty')} />}
            />
          </>
        )}
      </Loaded>
      <RoundDialog id={id} roundId={open} decimals={decimals} onClose={() => setOpen(null)} />
    </>
  );
}

function RoundDialog({ id, roundId, decimals, onClose }: { id: number; roundId: number | null; decimals: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const q = useQuery({ ...roundQuery(id, roundId ?? 0), enabled: roundId !== null });
  return (
    <Dialog open={roundId !== null} onClose={onClose} title={t('rounds.detailTitle')} closeLabel={t('common.close')} size="lg">
      <Loaded q={q}>
        {(r) => (
          <>
            <Facts
              items={[
                [t('rounds.roundId'), <code key="r">{r.roundId}</code>],
                [t('rounds.game'), `${r.vendor} · ${r.gameCode} · ${r.gameType}`],
                [t('rounds.status'), t(`roundStatus.${r.status}`, { defaultValue: r.status })],
                [t('rounds.started'), formatDateTime(r.startedAt)],
                [t('rounds.ended'), formatDateTime(r.endedAt)],
                [t('rounds.bet'), <Money key="b" minor={r.bet} decimals={decimals} currency={r.currency} />],
                [t('rounds.validBet'), <Money key="v" minor={r.validBet} decimals={decimals} currency={r.currency} />],
                [t('rounds.win'), <Money key="w" minor={r.win} decimals={decimals} currency={r.currency} />],
                [t('rounds.profit'), <Money key="p" minor={r.profit} decimals={decimals} currency={r.currency} />],
                [t('rounds.jackpot'), r.jackpot ? t('common.yes') : t('common.no')],
              ]}
            />
            {r.recall ? (
              <section aria-labelledby="recall-h" className={s.recall}>
                <h3 id="recall-h" className={s.cardTitle}>
                  {t('rounds.recall')}
                </h3>
                <Facts
                  items={[
                    [t('rounds.recallGame'), r.recall.game],
                    [t('rounds.multiplier'), (r.recall.multiplier / 10000).toFixed(4) + '×'],
                    [t('rounds.serverSeedHash'), <code key="h" className={s.clip}>{r.recall.fair.serverSeedHash}</code>],
                    [t('rounds.serverSeed'), r.recall.fair.serverSeed ? <code key="s" className={s.clip}>{r.recall.fair.serverSeed}</code> : t('rounds.notRevealed')],
                    [t('rounds.clientSeed'), <code key="c">{r.recall.fair.clientSeed}</code>],
                    [t('rounds.nonce'), r.recall.fair.nonce],
                  ]}
                />
                <h4 className={s.subTitle}>{t('rounds.outcome')}</h4>
                <pre className={s.json}>{JSON.stringify({ params: r.recall.params, outcome: r.recall.outcome }, null, 2)}</pre>
              </section>
            ) : (
              <p className={s.muted}>{t('rounds.noRecall')}</p>
            )}
          </>
        )}
      </Loaded>
    </Dialog>
  );
}

export function CashierTab({ id, kind }: { id: number; kind: 'deposits' | 'withdrawals' }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery(cashierQuery(id, kind, status, page));
  const statuses = kind === 'deposits' ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES;
  const columns: Column<Deposit | Withdrawal>[] = [
    { key: 'at', header: t('cashier.created'), cell: (r) => formatDateTime(r.createdAt), nowrap: true },
    { key: 'order', header: t('cashier.order'), cell: (r) => <code>{r.orderNo}</code>, nowrap: true },
    {
      key: 'method',
      header: kind === 'deposits' ? t('cashier.method') : t('cashier.account'),
      cell: (r) => ('method' in r ? r.method : `${r.account.bankName || r.account.bankCode} · ${r.account.accountNumber}`),
    },
    { key: 'amount', header: t('cashier.amount'), cell: (r) => <Money minor={r.amount} decimals={r.decimals} currency={r.currency} />, align: 'end', nowrap: true },
    { key: 'status', header: t('cashier.status'), cell: (r) => t(`cashierStatus.${r.status}`, { defaultValue: r.status }) },
    { key: 'note', header: t('cashier.rejectReason'), cell: (r) => r.rejectReason || '—' },
  ];
  return (
    <>
      <div className={s.filters}>
        <SelectField
          className={s.byField}
          label={t('cashier.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('filters.all')}</option>
          {statuses.map((o) => (
            <option key={o} value={o}>
              {t(`cashierStatus.${o}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Loaded q={q}>
        {(d) => (
          <DataTable
            caption={t(`tabs.${kind}`)}
            hideCaption
            columns={columns}
            rows={d.items}
            rowKey={(r) => r.id}
            labels={tableLabels(tc)}
            page={page}
            onPageChange={setPage}
            manual={{ totalPages: pages(d.total) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t(`cashier.empty.${kind}`)} />}
          />
        )}
      </Loaded>
    </>
  );
}

export function NotesTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery(notesQuery(id, page));
  const form = useForm<{ text: string }>({ resolver: zodResolver(noteSchema), defaultValues: { text: '' } });
  const add = useMutation({
    mutationFn: (text: string) => addNote(id, text),
    onSuccess: async () => {
      form.reset();
      toast('success', t('notes.added'));
      setPage(1);
      await qc.invalidateQueries({ queryKey: [...playerKey(id), 'notes'] });
    },
  });
  const columns: Column<Note>[] = [
    { key: 'at', header: t('notes.at'), cell: (r) => formatDateTime(r.createdAt), nowrap: true },
    { key: 'by', header: t('notes.by'), cell: (r) => r.operatorUsername },
    { key: 'text', header: t('notes.text'), cell: (r) => <span className={s.noteText}>{r.text}</span> },
  ];
  const err = form.formState.errors.text?.message;
  return (
    <>
      {canWrite && (
        <form className={s.noteForm} noValidate aria-label={t('notes.add')} onSubmit={form.handleSubmit((v) => add.mutate(v.text))}>
          <label className={s.noteLabel} htmlFor="note-text">
            {t('notes.new')}
          </label>
          <textarea id="note-text" className={s.textarea} rows={3} maxLength={NOTE_MAX + 100} aria-invalid={err ? true : undefined} aria-describedby={err ? 'note-err' : undefined} {...form.register('text')} />
          {err && (
            <p id="note-err" role="alert" className={s.formError}>
              {t(err, { max: NOTE_MAX })}
            </p>
          )}
          {add.isError && (
            <p role="alert" className={s.formError}>
              {errorText(tc, add.error)}
            </p>
          )}
          <div>
            <Button type="submit" loading={add.isPending}>
              {t('notes.add')}
            </Button>
          </div>
        </form>
      )}
      <Loaded q={q}>
        {(d) => (
          <DataTable
            caption={t('tabs.notes')}
            hideCaption
            columns={columns}
            rows={d.items}
            rowKey={(r) => r.id}
            labels={tableLabels(tc)}
            page={page}
            onPageChange={setPage}
            manual={{ totalPages: pages(d.total) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('notes.empty')} />}
          />
        )}
      </Loaded>
    </>
  );
}

const show = (o: Record<string, unknown> | null) =>
  o
    ? Object.entries(o)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join(', ')
    : '—';

export function AuditTab({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useQuery(auditQuery(id, page));
  const columns: Column<AuditRow>[] = [
    { key: 'at', header: t('audit.at'), cell: (r) => formatDateTime(r.at), nowrap: true },
    { key: 'who', header: t('audit.who'), cell: (r) => r.operatorUsername || '—' },
    { key: 'action', header: t('audit.action'), cell: (r) => <code>{r.action}</code>, nowrap: true },
    { key: 'reason', header: t('audit.reason'), cell: (r) => r.reason || '—' },
    { key: 'before', header: t('audit.before'), cell: (r) => <span className={s.small}>{show(r.before)}</span> },
    { key: 'after', header: t('audit.after'), cell: (r) => <span className={s.small}>{show(r.after)}</span> },
  ];
  return (
    <Loaded q={q}>
      {(d) => (
        <DataTable
          caption={t('tabs.audit')}
          hideCaption
          columns={columns}
          rows={d.items}
          rowKey={(r) => r.id}
          labels={tableLabels(tc)}
          page={page}
          onPageChange={setPage}
          manual={{ totalPages: pages(d.total) }}
          busy={q.isFetching}
          empty={<EmptyState compact title={t('audit.empty')} />}
        />
      )}
    </Loaded>
  );
}
