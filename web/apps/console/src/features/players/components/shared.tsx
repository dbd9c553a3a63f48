// Small pieces the player screens share: money, status badge, key-value
// lists, a blob download and the reason dialog every action uses.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, TextField } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { reasonField } from '../api/schemas';
import s from './Players.module.css';

export const NS = 'console-players';

export function Money({ minor, decimals, currency }: { minor: number; decimals: number; currency?: string }) {
  return (
    <span className={[s.money, minor < 0 ? s.negative : ''].join(' ')}>
      {formatMinor(minor, decimals)}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  const tone = status === 'ACTIVE' ? s.ok : status === 'LOCKED' ? s.bad : s.neutral;
  return <span className={[s.badge, tone].join(' ')}>{t(`status.${status}`, { defaultValue: status })}</span>;
}

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={s.facts}>
      {items.map(([k, v]) => (
        <div key={k} className={s.fact}>
          <dt>{k}</dt>
          <dd>{v === '' || v === null || v === undefined ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function downloadBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const reasonSchema = z.object({ reason: reasonField });

/** A confirmation that asks for the reason (3..200 characters), with the server's refusal shown in it. */
export function ReasonDialog(p: { open: boolean; title: string; description?: string; confirm: string; onClose: () => void; onSubmit: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
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
      await p.onSubmit(v.reason);
      form.reset();
    } catch (e) {
      setError(errorText(tc, e));
    }
  });
  const err = form.formState.errors.reason?.message;
  return (
    <Dialog
      open={p.open}
      onClose={close}
      title={p.title}
      description={p.description}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="reason-form" variant="primary" loading={form.formState.isSubmitting}>
            {p.confirm}
          </Button>
        </div>
      }
    >
      <form id="reason-form" noValidate onSubmit={submit}>
        <TextField label={t('common.reason')} hint={t('common.reasonHint')} error={err && t(err)} autoComplete="off" {...form.register('reason')} />
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
