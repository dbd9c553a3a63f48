// Adjusting a player's balance: direction, an amount in major units (a
// decimal string, checked like the server checks it), a reason. One
// Idempotency-Key per submission (a retry of the same body reuses it). Above
// the brand's approval amount the server answers 202: a second operator must
// approve it in the approvals queue.
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { SubmissionKeys } from '@palaro/api/src/idempotency';
import { formatMinor } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { adjust } from '../api/players';
import { adjustSchema, type AdjustForm } from '../api/schemas';
import { NS } from './shared';
import s from './Players.module.css';

export type AdjustDialogProps = {
  open: boolean;
  memberId: number;
  username: string;
  decimals: number;
  currency: string;
  onClose: () => void;
  onDone: () => unknown;
};

export function AdjustDialog(p: AdjustDialogProps) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const keys = useRef(new SubmissionKeys());
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const form = useForm<AdjustForm>({ resolver: zodResolver(adjustSchema(p.decimals)), defaultValues: { direction: 'CREDIT', amount: '', reason: '' } });
  const close = () => {
    form.reset();
    setError('');
    setPending(false);
    p.onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    setError('');
    const body = { memberId: p.memberId, direction: v.direction, amount: v.amount, reason: v.reason };
    try {
      const res = await adjust(body, keys.current.keyFor(body));
      keys.current.done();
      if (res.status === 'PENDING_APPROVAL') {
        setPending(true);
        toast('info', t('adjust.pending'));
      } else {
        toast('success', t('adjust.done', { balance: `${formatMinor(res.balance, p.decimals)} ${p.currency}` }));
        form.reset();
        p.onClose();
      }
      await p.onDone();
    } catch (e) {
      setError(errorText(tc, e));
    }
  });
  const err = form.formState.errors;
  const msg = (m?: string) => m && t(m, { decimals: p.decimals, min: 3, max: 200 });
  return (
    <Dialog
      open={p.open}
      onClose={close}
      title={t('adjust.title', { name: p.username })}
      description={t('adjust.description')}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <div className={s.dialogButtons}>
          {pending ? (
            <Button onClick={close}>{t('common.done')}</Button>
          ) : (
            <>
              <Button variant="ghost" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" form="adjust-form" loading={form.formState.isSubmitting}>
                {t('adjust.confirm')}
              </Button>
            </>
          )}
        </div>
      }
    >
      {pending ? (
        <p role="status" className={s.pendingNote}>
          {t('adjust.pendingLong')}
        </p>
      ) : (
        <form id="adjust-form" className={s.stackForm} noValidate onSubmit={submit}>
          <SelectField label={t('adjust.direction')} {...form.register('direction')}>
            <option value="CREDIT">{t('adjust.credit')}</option>
            <option value="DEBIT">{t('adjust.debit')}</option>
          </SelectField>
          <TextField label={t('adjust.amount', { currency: p.currency })} inputMode="decimal" autoComplete="off" error={msg(err.amount?.message)} {...form.register('amount')} />
          <TextField label={t('common.reason')} hint={t('common.reasonHint')} autoComplete="off" error={msg(err.reason?.message)} {...form.register('reason')} />
          {error && (
            <p role="alert" className={s.formError}>
              {error}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
