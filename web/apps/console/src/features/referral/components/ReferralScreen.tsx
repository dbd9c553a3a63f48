// The "Referral" screen (issue 32 parts 8 and 11): the referral rule with
// the REFERRAL switch, the rewards held for review (welcome bonuses and
// referral rewards of members sharing a device, IP, payout account or
// phone: approve issues it once, reject needs a reason), and a member's
// referrals.
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, Dialog, EmptyState, SelectField, Spinner, TextField, useToast, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/errors';
import { tableLabels } from '@/components/ui/labels';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryError } from '@/components/ui/QueryError';
import {
  approveHold,
  HOLD_STATUSES,
  HOLDS_PAGE,
  holdsQuery,
  MAX_DAYS,
  memberReferralsQuery,
  reasonSchema,
  rejectHold,
  ruleQuery,
  ruleSchema,
  saveRule,
  type Friend,
  type Hold,
  type HoldStatus,
  type RuleForm,
  type RuleView,
} from '../api/referral';
import s from './Referral.module.css';

export const NS = 'console-referral';

const major = (minor: number, decimals: number) => formatMinor(minor, decimals).replace(/,/g, '');

export function ReferralScreen({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <RuleSection canWrite={canWrite} />
      <HoldsSection canWrite={canWrite} />
      <MemberSection />
    </>
  );
}

function RuleSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(ruleQuery());
  return (
    <section className={s.section} aria-labelledby="ref-rule">
      <h2 id="ref-rule" className={s.sectionTitle}>
        {t('rule.title')}
      </h2>
      {q.isPending ? <Spinner label={tc('common.loading')} /> : q.isError ? <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} /> : <RuleEditor view={q.data} canWrite={canWrite} />}
    </section>
  );
}

function RuleEditor({ view, canWrite }: { view: RuleView; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const checkId = useId();
  const [error, setError] = useState('');
  const dec = view.decimals;
  const defaults = (v: RuleView): RuleForm => ({
    enabled: v.enabled,
    amount: major(v.rule.amount, dec),
    minFirstDeposit: major(v.rule.minFirstDeposit, dec),
    minValidBets: major(v.rule.minValidBets, dec),
    windowDays: String(v.rule.windowDays || 14),
    claimDays: String(v.rule.claimDays || 30),
    reason: '',
  });
  const form = useForm<RuleForm>({ resolver: zodResolver(ruleSchema(dec)), defaultValues: defaults(view) });
  useEffect(() => form.reset(defaults(view)), [view]); // eslint-disable-line react-hooks/exhaustive-deps
  const err = form.formState.errors;
  const msg = (m?: string) => m && t(m, { decimals: dec, max: MAX_DAYS });
  const submit = form.handleSubmit(async (v) => {
    setError('');
    try {
      const saved = await saveRule({ ...v, windowDays: Number(v.windowDays), claimDays: Number(v.claimDays) });
      qc.setQueryData(ruleQuery().queryKey, saved);
      toast('success', t('rule.saved'));
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  return (
    <form className={s.card} noValidate onSubmit={submit} aria-label={t('rule.title')} data-testid="referral-rule-form">
      <fieldset className={s.fieldset} disabled={!canWrite}>
        <div className={s.check}>
          <input id={checkId} type="checkbox" {...form.register('enabled')} />
          <label htmlFor={checkId}>{t('rule.enabled')}</label>
        </div>
        <div className={s.row}>
          <TextField label={t('rule.amount', { currency: view.currency })} inputMode="decimal" autoComplete="off" error={msg(err.amount?.message)} {...form.register('amount')} />
          <TextField label={t('rule.minFirstDeposit', { currency: view.currency })} inputMode="decimal" autoComplete="off" error={msg(err.minFirstDeposit?.message)} {...form.register('minFirstDeposit')} />
          <TextField label={t('rule.minValidBets', { currency: view.currency })} inputMode="decimal" autoComplete="off" error={msg(err.minValidBets?.message)} {...form.register('minValidBets')} />
          <TextField label={t('rule.windowDays')} hint={t('rule.daysHint', { max: MAX_DAYS })} inputMode="numeric" autoComplete="off" error={msg(err.windowDays?.message)} {...form.register('windowDays')} />
          <TextField label={t('rule.claimDays')} hint={t('rule.daysHint', { max: MAX_DAYS })} inputMode="numeric" autoComplete="off" error={msg(err.claimDays?.message)} {...form.register('claimDays')} />
        </div>
        <TextField label={t('rule.reason')} autoComplete="off" error={msg(err.reason?.message)} {...form.register('reason')} />
        <p className={s.note}>{t('rule.note')}</p>
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
        {canWrite && (
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('rule.save')}
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}

function HoldsSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [status, setStatus] = useState<HoldStatus>('HELD');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<Hold | null>(null);
  const [busy, setBusy] = useState(0);
  const q = useQuery(holdsQuery(status, page));
  const refresh = () => qc.invalidateQueries({ queryKey: ['ops', 'referral'] });
  const dec = q.data?.decimals ?? 2;
  const approve = async (h: Hold) => {
    setBusy(h.id);
    try {
      await approveHold(h.id, '');
      toast('success', t('holds.approved', { account: h.account }));
    } catch (e) {
      toast('error', errorText(t, e));
    } finally {
      setBusy(0);
      await refresh();
    }
  };
  const columns: Column<Hold>[] = [
    { key: 'member', header: t('holds.member'), cell: (h) => `${h.account} (#${h.memberId})`, nowrap: true },
    { key: 'source', header: t('holds.source'), cell: (h) => t(`source.${h.source}`, { defaultValue: h.source }) },
    { key: 'amount', header: t('holds.amount'), cell: (h) => `${formatMinor(h.amount, dec)} ${h.currency}`, align: 'end', nowrap: true },
    { key: 'flags', header: t('holds.flags'), cell: (h) => h.flags.map((f) => t(`flag.${f}`, { defaultValue: f })).join(', ') },
    { key: 'linked', header: t('holds.linked'), cell: (h) => h.linked.map((id) => `#${id}`).join(', ') },
    { key: 'heldAt', header: t('holds.heldAt'), cell: (h) => formatDateTime(h.heldAt), nowrap: true },
    { key: 'status', header: t('holds.status'), cell: (h) => (h.reason ? `${t(`holdStatus.${h.status}`)}: ${h.reason}` : t(`holdStatus.${h.status}`)) },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: t('holds.actions'),
      cell: (h) =>
        h.status === 'HELD' ? (
          <span className={s.actions}>
            <Button size="sm" loading={busy === h.id} onClick={() => void approve(h)} aria-label={t('holds.approveFor', { account: h.account })}>
              {t('holds.approve')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setRejecting(h)} aria-label={t('holds.rejectFor', { account: h.account })}>
              {t('holds.reject')}
            </Button>
          </span>
        ) : null,
    });
  return (
    <section className={s.section} aria-labelledby="ref-holds">
      <h2 id="ref-holds" className={s.sectionTitle}>
        {t('holds.title')}
      </h2>
      <p className={s.note}>{t('holds.intro')}</p>
      <div className={s.filters}>
        <SelectField
          label={t('holds.filter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as HoldStatus);
            setPage(1);
          }}
        >
          {HOLD_STATUSES.map((k) => (
            <option key={k} value={k}>
              {t(`holdStatus.${k}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <div data-testid="referral-holds">
          <DataTable
            caption={t('holds.caption')}
            hideCaption
            columns={columns}
            rows={q.data.items}
            rowKey={(h) => h.id}
            labels={tableLabels(tc)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / HOLDS_PAGE)) }}
            page={page}
            onPageChange={setPage}
            empty={<EmptyState compact title={t('holds.none')} />}
            busy={q.isFetching}
          />
        </div>
      )}
      <RejectDialog
        hold={rejecting}
        onClose={() => setRejecting(null)}
        onDone={async () => {
          toast('success', t('holds.rejected', { account: rejecting?.account }));
          setRejecting(null);
          await refresh();
        }}
      />
    </section>
  );
}

function RejectDialog({ hold, onClose, onDone }: { hold: Hold | null; onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation(NS);
  const [error, setError] = useState('');
  const form = useForm<{ reason: string }>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    setError('');
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    if (!hold) return;
    setError('');
    try {
      await rejectHold(hold.id, v.reason.trim());
      form.reset();
      await onDone();
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  const err = form.formState.errors.reason?.message;
  return (
    <Dialog
      open={hold !== null}
      onClose={close}
      title={t('holds.rejectTitle', { account: hold?.account ?? '' })}
      description={t('holds.rejectDescription')}
      closeLabel={t('close')}
      size="sm"
      alert
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="referral-reject-form" variant="danger" loading={form.formState.isSubmitting}>
            {t('holds.reject')}
          </Button>
        </div>
      }
    >
      <form id="referral-reject-form" noValidate onSubmit={submit}>
        <TextField label={t('holds.reason')} hint={t('holds.reasonHint')} error={err && t(err)} autoComplete="off" autoFocus {...form.register('reason')} />
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function MemberSection() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [draft, setDraft] = useState('');
  const [id, setId] = useState(0);
  const q = useQuery(memberReferralsQuery(id));
  const dec = q.data?.decimals ?? 2;
  const columns: Column<Friend>[] = [
    { key: 'member', header: t('member.friend'), cell: (f) => `${f.account} (#${f.memberId})`, nowrap: true },
    { key: 'registered', header: t('member.registered'), cell: (f) => formatDateTime(f.registeredAt), nowrap: true },
    { key: 'deposit', header: t('member.deposit'), cell: (f) => formatMinor(f.firstDeposit, dec), align: 'end', nowrap: true },
    { key: 'bets', header: t('member.bets'), cell: (f) => formatMinor(f.validBets, dec), align: 'end', nowrap: true },
    { key: 'status', header: t('member.status'), cell: (f) => t(`status.${f.status}`, { defaultValue: f.status }) },
    { key: 'flags', header: t('holds.flags'), cell: (f) => (f.flags ?? []).map((x) => t(`flag.${x}`, { defaultValue: x })).join(', ') },
  ];
  return (
    <section className={s.section} aria-labelledby="ref-member">
      <h2 id="ref-member" className={s.sectionTitle}>
        {t('member.title')}
      </h2>
      <form
        className={s.filters}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(draft.trim());
          if (Number.isInteger(n) && n > 0) setId(n);
        }}
      >
        <TextField label={t('member.id')} inputMode="numeric" autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" disabled={!/^\d+$/.test(draft.trim()) || Number(draft.trim()) <= 0}>
          {t('member.show')}
        </Button>
      </form>
      {id > 0 &&
        (q.isPending ? (
          <Spinner label={tc('common.loading')} />
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
        ) : (
          <div className={s.card} data-testid="referral-member">
            <dl className={s.facts}>
              <div>
                <dt>{t('member.code')}</dt>
                <dd>{q.data.code || t('member.noCode')}</dd>
              </div>
              <div>
                <dt>{t('member.referredBy')}</dt>
                <dd>{q.data.referredBy ? `#${q.data.referredBy}` : t('member.nobody')}</dd>
              </div>
              <div>
                <dt>{t('member.invited')}</dt>
                <dd>{q.data.totals.invited}</dd>
              </div>
              <div>
                <dt>{t('member.earned')}</dt>
                <dd>{formatMinor(q.data.totals.earned, dec)}</dd>
              </div>
            </dl>
            <DataTable
              caption={t('member.caption', { id })}
              hideCaption
              columns={columns}
              rows={q.data.friends ?? []}
              rowKey={(f) => f.memberId}
              labels={tableLabels(tc)}
              empty={<EmptyState compact title={t('member.none')} />}
            />
          </div>
        ))}
    </section>
  );
}
