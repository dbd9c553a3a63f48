// Pieces the reward screens share: the namespace, money, a status badge and
// the reason dialog an operator's forfeit asks for.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, TextField } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { reasonField } from '../api/schemas';
import s from './Rewards.module.css';

export const NS = 'console-rewards';

export function Money({ minor, decimals, currency }: { minor: number; decimals: number; currency?: string }) {
  return (
    <span className={s.money}>
      {formatMinor(minor, decimals)}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}

const TONE: Record<string, string> = { ACTIVE: s.ok, CONVERTED: s.ok, CLAIMED: s.ok, ISSUED: s.waiting, FORFEITED: s.bad, EXPIRED: s.bad };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return <span className={[s.badge, TONE[status] ?? ''].join(' ')}>{t(`status.${status}`, { defaultValue: status })}</span>;
}

const reasonSchema = z.object({ reason: reasonField });

/** A confirmation that needs a reason (3..200 characters), with the server's refusal shown in it. */
export function ReasonDialog(p: { open: boolean; title: string; description?: string; confirm: string; danger?: boolean; onClose: () => void; onSubmit: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation(NS);
  const [error, setError] = useState('');
  const form = useForm<{ reason: string }>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    setError('');
    p.onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    setError('');
    try {
      await p.onSubmit(v.reason.trim());
      form.reset();
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  const err = form.formState.errors.reason?.message;
  return (
    <Dialog
      open={p.open}
      onClose={close}
      title={p.title}
      description={p.description}
      closeLabel={t('close')}
      size="sm"
      alert={p.danger}
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="reward-reason-form" variant={p.danger ? 'danger' : 'primary'} loading={form.formState.isSubmitting}>
            {p.confirm}
          </Button>
        </div>
      }
    >
      <form id="reward-reason-form" noValidate onSubmit={submit}>
        <TextField label={t('reason')} hint={t('reasonHint')} error={err && t(err)} autoComplete="off" autoFocus {...form.register('reason')} />
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
