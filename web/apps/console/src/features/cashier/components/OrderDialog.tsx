// One order in detail: what was asked, the member, the risk flags with their
// explanations, the receipt (deposit) or proof (withdrawal) inline, and the
// decision. Approving above the brand's amount asks for the authenticator
// code (shown up front when the server says the order needs it, or after
// the server answers ops.otp_required); rejecting needs a reason of 3 to 200
// characters, checked here as the server does.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Spinner, TextField, useToast } from '@palaro/ui';
import { formatMoney } from '@palaro/api/src/money';
import { errorCode } from '@palaro/api/src/envelope';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { decide, fetchImage, fetchPlayer, orderQuery, type Decision, type QueueRow } from '../api/queue';
import { RiskBadges } from './RiskBadges';
import s from './Cashier.module.css';

export const REASON_MIN = 3;
export const REASON_MAX = 200;

export const rejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(REASON_MIN, 'validation.reason')
    .max(REASON_MAX, 'validation.reason'),
});
export const codeSchema = z.object({ otp: z.string().trim().regex(/^\d{6}$/, 'validation.otp') });

type Props = {
  row: QueueRow;
  open: boolean;
  onClose: () => void;
  canDecide: boolean;
  canSeePlayers: boolean;
  playerPath: (id: number) => string;
};

export function OrderDialog({ row: initial, open, onClose, canDecide, canSeePlayers, playerPath }: Props) {
  const { t } = useTranslation('console-cashier');
  const q = useQuery({ ...orderQuery(initial.kind, initial.id), initialData: initial, staleTime: 0, enabled: open });
  const row = q.data ?? initial;
  const title = t(row.kind === 'deposits' ? 'detail.depositTitle' : 'detail.withdrawalTitle', { orderNo: row.orderNo });
  return (
    <Dialog open={open} onClose={onClose} title={title} size="xl" closeLabel={t('detail.close')} data-testid="cashier-order">
      <div className={s.detail}>
        <div>
          <section className={s.section} aria-labelledby={`o-${row.id}-facts`}>
            <h3 id={`o-${row.id}-facts`}>{t('detail.order')}</h3>
            <Facts row={row} playerPath={playerPath} canSeePlayers={canSeePlayers} />
          </section>
          <section className={s.section} aria-labelledby={`o-${row.id}-risk`}>
            <h3 id={`o-${row.id}-risk`}>{t('col.risks')}</h3>
            {row.risks.length === 0 ? (
              <p className={s.note}>{t('risk.none')}</p>
            ) : (
              <ul className={s.riskList}>
                {row.risks.map((r) => (
                  <li key={r}>
                    <RiskBadges risks={[r]} />
                    <span className={s.note}>{t(`riskHelp.${r}`, { defaultValue: r })}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {canSeePlayers && <PlayerFacts memberId={row.memberId} enabled={open} />}
        </div>
        <div>
          <section className={s.section} aria-labelledby={`o-${row.id}-img`}>
            <h3 id={`o-${row.id}-img`}>{t(row.kind === 'deposits' ? 'detail.receipt' : 'detail.proof')}</h3>
            {row.hasImage ? <OrderImage row={row} enabled={open} /> : <p className={s.note}>{t(row.kind === 'deposits' ? 'detail.noReceipt' : 'detail.noProof')}</p>}
          </section>
        </div>
      </div>
      <DecisionPanel row={row} canDecide={canDecide} />
    </Dialog>
  );
}

function Facts({ row, playerPath, canSeePlayers }: { row: QueueRow; playerPath: (id: number) => string; canSeePlayers: boolean }) {
  const { t } = useTranslation('console-cashier');
  const who = row.username || `#${row.memberId}`;
  return (
    <dl className={s.facts}>
      <dt>{t('col.orderNo')}</dt>
      <dd className={s.mono}>{row.orderNo}</dd>
      <dt>{t('col.member')}</dt>
      <dd>
        {canSeePlayers ? (
          <Link className={s.link} to={playerPath(row.memberId)}>
            {who}
          </Link>
        ) : (
          who
        )}{' '}
        <span className={s.sub}>{t('detail.memberId', { id: row.memberId })}</span>
      </dd>
      <dt>{t('col.amount')}</dt>
      <dd className={s.mono}>{formatMoney(row.amount, row.currency, row.decimals)}</dd>
      {row.kind === 'deposits' ? (
        <>
          <dt>{t('col.method')}</dt>
          <dd>
            {row.method} <span className={s.sub}>{t(`methodType.${row.methodType}`, { defaultValue: row.methodType })}</span>
          </dd>
          {row.reference && (
            <>
              <dt>{t('detail.reference')}</dt>
              <dd className={s.mono}>{row.reference}</dd>
            </>
          )}
        </>
      ) : (
        row.account && (
          <>
            <dt>{t('col.account')}</dt>
            <dd>
              {row.account.bankName} <span className={s.mono}>{row.account.accountNumber}</span>
              <span className={s.sub}>{row.account.accountName}</span>
            </dd>
          </>
        )
      )}
      <dt>{t('col.status')}</dt>
      <dd>
        <span className={s.status}>{t(`status.${row.status}`, { defaultValue: row.status })}</span>
      </dd>
      <dt>{t('col.created')}</dt>
      <dd>{formatDateTime(row.createdAt)}</dd>
      {row.rejectReason && (
        <>
          <dt>{t('detail.rejectReason')}</dt>
          <dd>{row.rejectReason}</dd>
        </>
      )}
      {row.remainingAmount > 0 && (
        <>
          <dt>{t('detail.remaining')}</dt>
          <dd className={s.mono}>{formatMoney(row.remainingAmount, row.currency, row.decimals)}</dd>
        </>
      )}
      {row.decidedBy > 0 && (
        <>
          <dt>{t('detail.decidedBy')}</dt>
          <dd>{t('detail.operatorId', { id: row.decidedBy })}</dd>
        </>
      )}
    </dl>
  );
}

function PlayerFacts({ memberId, enabled }: { memberId: number; enabled: boolean }) {
  const { t } = useTranslation('console-cashier');
  const q = useQuery({ queryKey: ['ops', 'cashier', 'player', memberId], queryFn: ({ signal }) => fetchPlayer(memberId, signal), enabled, retry: false });
  return (
    <section className={s.section} aria-labelledby={`p-${memberId}`}>
      <h3 id={`p-${memberId}`}>{t('detail.player')}</h3>
      {q.isPending ? (
        <Spinner label={t('detail.loading')} />
      ) : q.isError ? (
        <p className={s.note}>{errorText(t, q.error)}</p>
      ) : (
        <dl className={s.facts}>
          <dt>{t('detail.playerStatus')}</dt>
          <dd>{q.data.status}</dd>
          {q.data.payeeName && (
            <>
              <dt>{t('detail.payeeName')}</dt>
              <dd>{q.data.payeeName}</dd>
            </>
          )}
          <dt>{t('detail.registered')}</dt>
          <dd>{formatDateTime(q.data.createdAt)}</dd>
          <dt>{t('detail.lastLogin')}</dt>
          <dd>
            {q.data.lastLoginAt ? formatDateTime(q.data.lastLoginAt) : t('detail.never')} {q.data.lastLoginIp && <span className={s.sub}>{q.data.lastLoginIp}</span>}
          </dd>
        </dl>
      )}
    </section>
  );
}

/** The image fetched with the operator's token and shown from a blob URL (the console's CSP allows blob: images). */
function OrderImage({ row, enabled }: { row: QueueRow; enabled: boolean }) {
  const { t } = useTranslation('console-cashier');
  const q = useQuery({ queryKey: ['ops', 'cashier', row.kind, 'image', row.id], queryFn: ({ signal }) => fetchImage(row.kind, row.id, signal), enabled, staleTime: Infinity, gcTime: 0 });
  const url = q.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (q.isPending) return <Spinner label={t('detail.loadingImage')} />;
  if (q.isError) return <p className={s.note}>{errorText(t, q.error)}</p>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className={s.imageBox}>
      <img className={s.image} src={url} alt={t(row.kind === 'deposits' ? 'detail.receiptAlt' : 'detail.proofAlt', { orderNo: row.orderNo })} />
    </a>
  );
}

type Mode = 'idle' | 'reject';

export function DecisionPanel({ row, canDecide }: { row: QueueRow; canDecide: boolean }) {
  const { t } = useTranslation('console-cashier');
  const { toast } = useToast();
  const qc = useQueryClient();
  const [mode, setMode] = useState<Mode>('idle');
  const [askCode, setAskCode] = useState(row.needsCode);
  const reject = useForm<{ reason: string }>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  const code = useForm<{ otp: string }>({ resolver: zodResolver(codeSchema), defaultValues: { otp: '' } });

  const m = useMutation({
    mutationFn: ({ d, otp }: { d: Decision; otp?: string }) => decide(row.kind, row.id, d, otp),
    onSuccess: (out, { d }) => {
      qc.setQueryData(orderQuery(row.kind, row.id).queryKey, out);
      void qc.invalidateQueries({ queryKey: ['ops', 'cashier', row.kind] });
      toast('success', t(`done.${d.action}`, { orderNo: row.orderNo, status: t(`status.${out.status}`, { defaultValue: out.status }) }));
      setMode('idle');
      code.reset({ otp: '' });
    },
    onError: (e) => {
      const c = errorCode(e);
      if (c === 'ops.otp_required' || c === 'ops.otp_invalid') {
        setAskCode(true);
        code.setError('otp', { message: c === 'ops.otp_required' ? 'validation.otpRequired' : 'validation.otpInvalid' });
        return;
      }
      toast('error', errorText(t, e));
      if (c === 'cashier.invalid_state' || c === 'withdraw.invalid_state') void qc.invalidateQueries({ queryKey: ['ops', 'cashier', row.kind] });
    },
  });

  if (!canDecide) return null;
  const pending = row.status === 'PENDING_REVIEW';
  const fullPayment = row.kind === 'withdrawals' && (row.status === 'PARTIALLY_RECEIVED' || row.status === 'NOT_RECEIVED');
  if (!pending && !fullPayment) return null;

  const approve = code.handleSubmit((v) => m.mutate({ d: { action: 'approve' }, otp: v.otp.trim() }));
  const approveNow = () => (askCode ? approve() : m.mutate({ d: { action: 'approve' } }));
  const codeErr = code.formState.errors.otp?.message;
  const reasonErr = reject.formState.errors.reason?.message;

  return (
    <section className={s.decision} aria-label={t('decision.title')}>
      {fullPayment && (
        <div className={s.decisionRow}>
          <p className={s.note}>{t('decision.fullPaymentHelp')}</p>
          <Button loading={m.isPending} onClick={() => m.mutate({ d: { action: 'full-payment' } })}>
            {t('decision.fullPayment')}
          </Button>
        </div>
      )}
      {pending && mode === 'idle' && (
        <form
          className={s.decisionRow}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            approveNow();
          }}
        >
          {askCode && (
            <TextField
              className={s.small}
              label={t('decision.otp')}
              hint={t('decision.otpHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={codeErr && t(codeErr, { min: REASON_MIN, max: REASON_MAX })}
              {...code.register('otp')}
            />
          )}
          <Button type="submit" loading={m.isPending}>
            {t('decision.approve')}
          </Button>
          <Button variant="danger" onClick={() => setMode('reject')} disabled={m.isPending}>
            {t('decision.reject')}
          </Button>
        </form>
      )}
      {pending && mode === 'reject' && (
        <form className={s.decisionRow} noValidate onSubmit={reject.handleSubmit((v) => m.mutate({ d: { action: 'reject', reason: v.reason } }))}>
          <TextField
            className={s.grow}
            label={t('decision.reason')}
            hint={t('decision.reasonHint', { min: REASON_MIN, max: REASON_MAX })}
            maxLength={REASON_MAX + 20}
            autoFocus
            error={reasonErr && t(reasonErr, { min: REASON_MIN, max: REASON_MAX })}
            {...reject.register('reason')}
          />
          <Button type="submit" variant="danger" loading={m.isPending}>
            {t('decision.confirmReject')}
          </Button>
          <Button variant="ghost" onClick={() => setMode('idle')} disabled={m.isPending}>
            {t('decision.cancel')}
          </Button>
        </form>
      )}
      {pending && askCode && mode === 'idle' && <p className={s.note}>{t('decision.codeWhy')}</p>}
    </section>
  );
}
