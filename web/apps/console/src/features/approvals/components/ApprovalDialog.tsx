// The checker's decision on one pending adjustment: approve (it posts) or
// reject with a reason (3..200, the server's rule). The server's refusal
// (the maker deciding their own: ops.four_eyes; decided meanwhile; a debit
// beyond the balance) is shown in the dialog.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, TextField, useToast } from '@palaro/ui';
import { formatMoney } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { adjustmentKeys, approveAdjustment, rejectAdjustment, type Adjustment } from '../api/adjustments';
import { REASON_MAX, REASON_MIN, rejectSchema, type RejectForm } from '../api/schema';
import s from './Approvals.module.css';

const NS = 'console-operators';
const FORM = 'adjustment-decision';
export type Decision = 'approve' | 'reject';

export function ApprovalDialog({ adjustment: a, decision, onClose }: { adjustment: Adjustment; decision: Decision; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const form = useForm<RejectForm>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  const m = useMutation({
    mutationFn: (v: RejectForm) => (decision === 'approve' ? approveAdjustment(a.id) : rejectAdjustment(a.id, v.reason.trim())),
    onSuccess: (res) => {
      toast('success', decision === 'approve' ? t('approvals.approved', { amount: money(res) }) : t('approvals.rejected'));
      void qc.invalidateQueries({ queryKey: adjustmentKeys.all });
      onClose();
    },
    onError: () => void qc.invalidateQueries({ queryKey: adjustmentKeys.all }),
  });
  const money = (x: Adjustment) => formatMoney(x.amount, x.currency, x.decimals);
  const err = form.formState.errors.reason;
  const close = () => !m.isPending && onClose();
  // Approving needs no field: a plain submit still goes through the form so Enter works.
  const submit = decision === 'approve' ? (e: React.FormEvent) => (e.preventDefault(), m.mutate({ reason: '' })) : form.handleSubmit((v) => m.mutate(v));
  return (
    <Dialog
      open
      onClose={close}
      title={t(decision === 'approve' ? 'approvals.approveTitle' : 'approvals.rejectTitle', { id: a.id })}
      description={t(decision === 'approve' ? 'approvals.approveBody' : 'approvals.rejectBody')}
      closeLabel={tc('common.close')}
      alert
      size="sm"
      data-testid="approval-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={m.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={FORM} variant="primary" loading={m.isPending}>
            {t(decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
          </Button>
        </>
      }
    >
      <dl className={s.facts}>
        <dt>{t('approvals.member')}</dt>
        <dd>{a.memberAccount ? `${a.memberAccount} (#${a.memberId})` : `#${a.memberId}`}</dd>
        <dt>{t('approvals.direction')}</dt>
        <dd>{t(`approvals.directions.${a.direction}`)}</dd>
        <dt>{t('approvals.amount')}</dt>
        <dd className={[s.amount, s[a.direction]].join(' ')}>{money(a)}</dd>
        <dt>{t('approvals.reason')}</dt>
        <dd>{a.reason}</dd>
        <dt>{t('approvals.maker')}</dt>
        <dd>{a.makerName || `#${a.makerId}`}</dd>
        <dt>{t('approvals.created')}</dt>
        <dd>{formatDateTime(a.createdAt)}</dd>
      </dl>
      <form id={FORM} className={s.form} noValidate onSubmit={submit}>
        {decision === 'reject' && (
          <TextField
            label={t('approvals.rejectReason')}
            maxLength={REASON_MAX}
            hint={t('approvals.rejectHint', { min: REASON_MIN, max: REASON_MAX })}
            error={err?.message && t(err.message, { min: REASON_MIN, max: REASON_MAX })}
            {...form.register('reason')}
          />
        )}
        {m.isError && (
          <p className={s.error} role="alert">
            {errorText(tc, m.error)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
