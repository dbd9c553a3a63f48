// Responsible gaming on the player page: the limits in force (the player's,
// the operator's, the enforced one and what is used), the block, the history;
// with rg.write an operator imposes or lifts a limit, starts a time-out or an
// exclusion, or records a request to end an exclusion once allowed.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, Dialog, EmptyState, SelectField, Spinner, TextField, useToast, type Column } from '@palaro/ui';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { endExclusion, imposeLimit, playerKey, rgQuery, startBlock, type RgLimit, type RgSettings } from '../api/players';
import { blockSchema, endExclusionSchema, limitSchema, toMinor } from '../api/schemas';
import { Facts, Money, NS } from './shared';
import s from './Players.module.css';

type Open = null | 'limit' | 'timeout' | 'exclusion' | 'end';

export function RgTab({ id, decimals, canWrite }: { id: number; decimals: number; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(rgQuery(id));
  const [open, setOpen] = useState<Open>(null);
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const d = q.data;
  const amount = (l: RgLimit, v: number | null) => (v === null ? '—' : l.type === 'SESSION' ? t('rg.minutes', { n: v }) : <Money minor={v} decimals={decimals} />);
  const columns: Column<RgLimit>[] = [
    { key: 'kind', header: t('rg.limit'), cell: (l) => `${t(`rg.type.${l.type}`)} · ${t(`rg.period.${l.period}`)}` },
    { key: 'player', header: t('rg.playerAmount'), cell: (l) => amount(l, l.amount), align: 'end', nowrap: true },
    { key: 'operator', header: t('rg.operatorAmount'), cell: (l) => amount(l, l.operatorAmount), align: 'end', nowrap: true },
    { key: 'effective', header: t('rg.effective'), cell: (l) => amount(l, l.effective), align: 'end', nowrap: true },
    { key: 'used', header: t('rg.used'), cell: (l) => (l.type === 'SESSION' ? '—' : <Money minor={l.used} decimals={decimals} />), align: 'end', nowrap: true },
    { key: 'resets', header: t('rg.resets'), cell: (l) => (l.resetsAt ? formatDateTime(l.resetsAt) : '—'), nowrap: true },
  ];
  const history: Column<RgSettings['history'][number]>[] = [
    { key: 'at', header: t('rg.at'), cell: (h) => formatDateTime(h.at), nowrap: true },
    { key: 'change', header: t('rg.change'), cell: (h) => t(`rg.changes.${h.change}`, { defaultValue: h.change }) },
    { key: 'what', header: t('rg.limit'), cell: (h) => (h.type ? `${t(`rg.type.${h.type}`, { defaultValue: h.type })}${h.period ? ` · ${t(`rg.period.${h.period}`, { defaultValue: h.period })}` : ''}` : '—') },
    { key: 'by', header: t('rg.by'), cell: (h) => t(`rg.who.${h.by}`, { defaultValue: h.by }) },
    { key: 'reason', header: t('rg.reason'), cell: (h) => h.reason || '—' },
  ];
  const now = Date.now();
  const b = d.block;
  const canEnd = !!b && b.kind === 'EXCLUSION' && b.revocableFrom !== null && b.revocableFrom <= now;
  const done = () => setOpen(null);
  return (
    <div className={s.rg}>
      <section className={s.card} aria-labelledby="rg-state">
        <h3 id="rg-state" className={s.cardTitle}>
          {t('rg.state')}
        </h3>
        <Facts
          items={[
            [t('rg.block'), b ? t(`rg.blockKind.${b.kind}`, { until: formatDateTime(b.until) }) : t('rg.noBlock')],
            [t('rg.revocableFrom'), b?.revocableFrom ? formatDateTime(b.revocableFrom) : ''],
            [t('rg.reality'), d.realityCheck.minutes ? t('rg.minutes', { n: d.realityCheck.minutes }) : t('rg.off')],
            [t('rg.restricted'), d.restricted ? t('common.yes') : t('common.no')],
          ]}
        />
        {canWrite && (
          <div className={s.actions}>
            <Button size="sm" onClick={() => setOpen('limit')}>
              {t('rg.impose')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpen('timeout')}>
              {t('rg.timeout')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpen('exclusion')}>
              {t('rg.exclusion')}
            </Button>
            {canEnd && (
              <Button size="sm" variant="secondary" onClick={() => setOpen('end')}>
                {t('rg.endExclusion')}
              </Button>
            )}
          </div>
        )}
      </section>
      <DataTable caption={t('rg.limits')} columns={columns} rows={d.limits} rowKey={(l) => `${l.type}-${l.period}`} labels={tableLabels(tc)} />
      <DataTable caption={t('rg.history')} columns={history} rows={d.history} rowKey={(h) => `${h.at}-${h.change}-${h.type}-${h.period}`} labels={tableLabels(tc)} pageSize={10} empty={<EmptyState compact title={t('rg.noHistory')} />} />
      {canWrite && (
        <>
          <LimitDialog id={id} decimals={decimals} open={open === 'limit'} onClose={done} />
          <BlockDialog id={id} kind="timeout" open={open === 'timeout'} onClose={done} />
          <BlockDialog id={id} kind="exclusion" open={open === 'exclusion'} onClose={done} />
          <EndDialog id={id} open={open === 'end'} onClose={done} />
        </>
      )}
    </div>
  );
}

const LIMIT_KINDS = ['DEPOSIT:DAY', 'DEPOSIT:WEEK', 'DEPOSIT:MONTH', 'LOSS:DAY', 'LOSS:WEEK', 'LOSS:MONTH', 'WAGER:DAY', 'WAGER:WEEK', 'WAGER:MONTH', 'SESSION:SESSION'];

/** Runs a change, toasts, refreshes the tab; the server's refusal stays in the dialog. */
function useChange(id: number, onClose: () => void) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const run = async (fn: () => Promise<unknown>) => {
    setError('');
    try {
      await fn();
      toast('success', t('rg.saved'));
      await qc.invalidateQueries({ queryKey: playerKey(id) });
      onClose();
    } catch (e) {
      setError(errorText(tc, e));
    }
  };
  return { error, setError, run };
}

function RgDialog({ open, title, onClose, submitting, confirm, formId, children }: { open: boolean; title: string; onClose: () => void; submitting: boolean; confirm: string; formId: string; children: React.ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={submitting}>
            {confirm}
          </Button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}

function LimitDialog({ id, decimals, open, onClose }: { id: number; decimals: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const schema = limitSchema(decimals);
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { kind: 'DEPOSIT:DAY', amount: '', reason: '' } });
  const close = () => {
    form.reset();
    ch.setError('');
    onClose();
  };
  const ch = useChange(id, close);
  const kind = form.watch('kind');
  const err = form.formState.errors;
  const msg = (m?: string) => m && t(m, { decimals, min: 5, max: kind === 'SESSION:SESSION' ? 1440 : 200 });
  return (
    <RgDialog open={open} title={t('rg.impose')} onClose={close} submitting={form.formState.isSubmitting} confirm={t('rg.save')} formId="rg-limit">
      <form
        id="rg-limit"
        className={s.stackForm}
        noValidate
        onSubmit={form.handleSubmit((v) => {
          const [type, period] = v.kind.split(':');
          const amount = v.amount === '' ? null : type === 'SESSION' ? Number(v.amount) : toMinor(v.amount, decimals);
          return ch.run(() => imposeLimit(id, { type, period, amount, reason: v.reason }));
        })}
      >
        <SelectField label={t('rg.limit')} {...form.register('kind')}>
          {LIMIT_KINDS.map((k) => {
            const [type, period] = k.split(':');
            return (
              <option key={k} value={k}>
                {`${t(`rg.type.${type}`)} · ${t(`rg.period.${period}`)}`}
              </option>
            );
          })}
        </SelectField>
        <TextField label={kind === 'SESSION:SESSION' ? t('rg.amountMinutes') : t('rg.amount')} hint={t('rg.liftHint')} inputMode="decimal" autoComplete="off" error={msg(err.amount?.message)} {...form.register('amount')} />
        <TextField label={t('common.reason')} autoComplete="off" error={msg(err.reason?.message)} {...form.register('reason')} />
        {ch.error && (
          <p role="alert" className={s.formError}>
            {ch.error}
          </p>
        )}
      </form>
    </RgDialog>
  );
}

const PERIODS = { timeout: ['24H', '7D', '30D', '6W'], exclusion: ['6M', '1Y', '5Y'] } as const;

function BlockDialog({ id, kind, open, onClose }: { id: number; kind: 'timeout' | 'exclusion'; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<z.infer<typeof blockSchema>>({ resolver: zodResolver(blockSchema), defaultValues: { period: PERIODS[kind][0], reason: '' } });
  const close = () => {
    form.reset();
    ch.setError('');
    onClose();
  };
  const ch = useChange(id, close);
  const err = form.formState.errors.reason?.message;
  return (
    <RgDialog open={open} title={t(`rg.${kind}`)} onClose={close} submitting={form.formState.isSubmitting} confirm={t(`rg.${kind}Confirm`)} formId={`rg-${kind}`}>
      <form id={`rg-${kind}`} className={s.stackForm} noValidate onSubmit={form.handleSubmit((v) => ch.run(() => startBlock(id, kind, v)))}>
        <p className={s.muted}>{t(`rg.${kind}Note`)}</p>
        <SelectField label={t('rg.length')} {...form.register('period')}>
          {PERIODS[kind].map((p) => (
            <option key={p} value={p}>
              {t(`rg.lengths.${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('common.reason')} autoComplete="off" error={err && t(err, { max: 200 })} {...form.register('reason')} />
        {ch.error && (
          <p role="alert" className={s.formError}>
            {ch.error}
          </p>
        )}
      </form>
    </RgDialog>
  );
}

function EndDialog({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<z.infer<typeof endExclusionSchema>>({ resolver: zodResolver(endExclusionSchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    ch.setError('');
    onClose();
  };
  const ch = useChange(id, close);
  const err = form.formState.errors.reason?.message;
  return (
    <RgDialog open={open} title={t('rg.endExclusion')} onClose={close} submitting={form.formState.isSubmitting} confirm={t('rg.endConfirm')} formId="rg-end">
      <form id="rg-end" className={s.stackForm} noValidate onSubmit={form.handleSubmit((v) => ch.run(() => endExclusion(id, v.reason)))}>
        <p className={s.muted}>{t('rg.endNote')}</p>
        <TextField label={t('common.reason')} autoComplete="off" error={err && t(err, { max: 200 })} {...form.register('reason')} />
        {ch.error && (
          <p role="alert" className={s.formError}>
            {ch.error}
          </p>
        )}
      </form>
    </RgDialog>
  );
}
