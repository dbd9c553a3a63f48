// A bill's dialogs: approving a platform-paid bill (the platform pays it at
// once), rejecting it with a reason the agent reads, and the inputs the
// amount was computed from (so it can be recomputed by hand).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, TextField, useToast } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { approveBill, commissionKeys, rejectBill, type Bill } from '../api/commission';
import { REASON_MAX, formatRate, rejectSchema, type RejectForm } from '../api/schema';
import { Money, NS } from './shared';
import s from './Agents.module.css';

type Act = { bill: Bill; decimals: number };

export function ApproveDialog({ act, onClose }: { act: Act | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: (id: number) => approveBill(id),
    onSuccess: (b) => {
      void qc.invalidateQueries({ queryKey: commissionKeys.bills });
      toast('success', t('bills.approved', { id: b.id }));
      onClose();
    },
  });
  const close = () => {
    m.reset();
    onClose();
  };
  const b = act?.bill;
  return (
    <Dialog
      open={act !== null}
      onClose={close}
      alert
      title={b ? t('bills.approveTitle', { id: b.id }) : ''}
      description={b ? t('bills.approveBody', { amount: `${formatMinor(b.amount, act.decimals)} ${b.currency}`, account: b.payeeAccount }) : ''}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button loading={m.isPending} onClick={() => b && m.mutate(b.id)}>
            {t('bills.approve')}
          </Button>
        </div>
      }
    >
      {m.isError && (
        <p role="alert" className={s.formError}>
          {errorText(t, m.error)}
        </p>
      )}
    </Dialog>
  );
}

export function RejectDialog({ act, onClose }: { act: Act | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const form = useForm<RejectForm>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset({ reason: '' });
    setError('');
    onClose();
  };
  const b = act?.bill;
  const submit = form.handleSubmit(async (v) => {
    if (!b) return;
    setError('');
    try {
      await rejectBill(b.id, v.reason);
      await qc.invalidateQueries({ queryKey: commissionKeys.bills });
      toast('success', t('bills.rejected', { id: b.id }));
      close();
    } catch (err) {
      setError(errorText(t, err));
    }
  });
  return (
    <Dialog
      open={act !== null}
      onClose={close}
      title={b ? t('bills.rejectTitle', { id: b.id }) : ''}
      description={b ? t('bills.rejectBody', { account: b.payeeAccount }) : ''}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="bill-reject-form" variant="danger" loading={form.formState.isSubmitting}>
            {t('bills.reject')}
          </Button>
        </div>
      }
    >
      <form id="bill-reject-form" noValidate onSubmit={submit}>
        <TextField
          label={t('bills.reason')}
          hint={t('bills.reasonHint')}
          maxLength={REASON_MAX}
          autoComplete="off"
          error={form.formState.errors.reason ? t('validation.reason', { max: REASON_MAX }) : undefined}
          {...form.register('reason')}
        />
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

export function BillInputsDialog({ act, onClose }: { act: Act | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const b = act?.bill;
  const dec = act?.decimals ?? 2;
  const money = (v: number) => <Money minor={v} decimals={dec} currency={b?.currency} />;
  return (
    <Dialog open={act !== null} onClose={onClose} title={b ? t('bills.inputsTitle', { id: b.id }) : ''} closeLabel={t('common.close')} size="md">
      {b && (
        <dl className={s.meta}>
          <dt>{t('bills.col.payee')}</dt>
          <dd>{b.payeeAccount}</dd>
          <dt>{t('bills.paidBy')}</dt>
          <dd>{b.payerId === 0 ? t('common.platform') : b.payerAccount}</dd>
          <dt>{t('bills.col.type')}</dt>
          <dd>{t(`contractTypes.${b.type}`, { defaultValue: b.type })}</dd>
          <dt>{t('bills.contract')}</dt>
          <dd>{b.contractId}</dd>
          <dt>{t('bills.col.period')}</dt>
          <dd>
            {formatDateTime(b.periodStart)} – {formatDateTime(b.periodEnd)}
          </dd>
          <dt>{t('inputs.validBets')}</dt>
          <dd>{money(b.inputs.validBets)}</dd>
          <dt>{t('inputs.bets')}</dt>
          <dd>{money(b.inputs.bets)}</dd>
          <dt>{t('inputs.wins')}</dt>
          <dd>{money(b.inputs.wins)}</dd>
          <dt>{t('inputs.netLoss')}</dt>
          <dd>{money(b.inputs.netLoss)}</dd>
          <dt>{t('inputs.activeMembers')}</dt>
          <dd>{b.inputs.activeMembers.toLocaleString()}</dd>
          {b.type === 'dividend' && (
            <>
              <dt>{t('inputs.carryIn')}</dt>
              <dd>{money(b.inputs.carryIn)}</dd>
              <dt>{t('inputs.carryOut')}</dt>
              <dd>{money(b.inputs.carryOut)}</dd>
            </>
          )}
          {b.type === 'realtime' ? (
            <>
              <dt>{t('contracts.detail.betRate')}</dt>
              <dd>{formatRate(b.inputs.betRate)}</dd>
              <dt>{t('contracts.detail.lossRate')}</dt>
              <dd>{formatRate(b.inputs.lossRate)}</dd>
              <dt>{t('contracts.detail.winRate')}</dt>
              <dd>{formatRate(b.inputs.winRate)}</dd>
            </>
          ) : (
            <>
              <dt>{t('inputs.tier')}</dt>
              <dd>{b.inputs.tier ? t('bills.tierRate', { n: b.inputs.tier, rate: formatRate(b.inputs.rate) }) : t('bills.noTier')}</dd>
            </>
          )}
          <dt>{t('bills.col.amount')}</dt>
          <dd>{money(b.amount)}</dd>
          <dt>{t('bills.paidSum')}</dt>
          <dd>{money(b.paid)}</dd>
          <dt>{t('bills.col.status')}</dt>
          <dd>{t(`billStatus.${b.status}`, { defaultValue: b.status })}</dd>
          {b.paidAt > 0 && (
            <>
              <dt>{t('inputs.paidAt')}</dt>
              <dd>{formatDateTime(b.paidAt)}</dd>
            </>
          )}
        </dl>
      )}
    </Dialog>
  );
}
