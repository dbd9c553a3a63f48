// The transfer form (features may not import each other: it lives here, beside the pages) shared by an agent's "transfer to downline" and a
// member's transferUpline page: amount within the brand's limits and the
// balance, the payment password, an optional remark. One Idempotency-Key per
// attempt (kept across resends of the same values, so a retry after a lost
// answer cannot pay twice); no automatic retries.
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { z } from '@/lib/zod';
import { Button, errorMessage } from '@/components/ui';
import { newIdempotencyKey } from '@/lib/idempotency';
import { formatMinor } from '@/lib/format';
import { parseAmount } from '@/features/wallet/lib/amount';
import type { TransferInfo, TransferResult } from '@/features/agent/api/team';
import s from './TransferForm.module.css';

/** The server's remark limit. */
export const REMARK_MAX = 60;

export type TransferValues = { amount: string; paymentPassword: string; remark: string };

export function transferSchema(info: Pick<TransferInfo, 'balance' | 'min' | 'max' | 'decimals'>) {
  return z.object({
    amount: z.string().superRefine((v, ctx) => {
      const a = parseAmount(v, info.decimals);
      if (!a.ok) return ctx.addIssue({ code: 'custom', message: a.error === 'required' ? 'amountRequired' : a.error === 'tooManyDecimals' ? 'amountDecimals' : 'amountInvalid' });
      if (a.minor < BigInt(info.min)) return ctx.addIssue({ code: 'custom', message: 'amountMin' });
      if (a.minor > BigInt(info.max)) return ctx.addIssue({ code: 'custom', message: 'amountMax' });
      if (a.minor > BigInt(info.balance)) ctx.addIssue({ code: 'custom', message: 'amountBalance' });
    }),
    paymentPassword: z.string().refine((v) => v.trim().length > 0, 'passwordRequired'),
    remark: z.string().max(REMARK_MAX, 'remarkTooLong'),
  });
}

type Props = {
  info: TransferInfo;
  /** Sends one attempt with its key. */
  send: (key: string, body: { amount: number; paymentPassword: string; remark?: string }) => Promise<TransferResult>;
  onDone: (r: TransferResult) => void;
  submitLabel: string;
  testId: string;
};

export function TransferForm({ info, send, onDone, submitLabel, testId }: Props) {
  const { t } = useTranslation(['agent', 'errors', 'cashier', 'wallet'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const form = useForm<TransferValues>({ resolver: zodResolver(transferSchema(info)), defaultValues: { amount: '', paymentPassword: '', remark: '' } });
  const key = useRef<{ sig: string; key: string } | null>(null);
  const [error, setError] = useState<string>();
  const m = useMutation({
    mutationFn: (v: TransferValues) => {
      const a = parseAmount(v.amount, info.decimals);
      const body = { amount: a.ok ? Number(a.minor) : 0, paymentPassword: v.paymentPassword.trim(), remark: v.remark.trim() || undefined };
      const sig = JSON.stringify({ ...body, paymentPassword: undefined });
      if (key.current?.sig !== sig) key.current = { sig, key: newIdempotencyKey() };
      return send(key.current.key, body);
    },
    onMutate: () => setError(undefined),
    onSuccess: (r) => {
      key.current = null;
      form.reset();
      void qc.invalidateQueries({ queryKey: ['agent'] });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
      void qc.invalidateQueries({ queryKey: ['balance'] });
      onDone(r);
    },
    onError: (e) => setError(errorMessage(t, e)),
  });
  const fmt = (n: number) => `${formatMinor(n, info.decimals)} ${info.currency}`;
  const msg = (k?: string) => (k ? t(`agent:transfer.rules.${k}`, { min: fmt(info.min), max: fmt(info.max), balance: fmt(info.balance), decimals: info.decimals, remarkMax: REMARK_MAX }) : undefined);
  const errs = form.formState.errors;
  const field = (name: keyof TransferValues, label: string, extra: Record<string, unknown>, hint?: string) => {
    const e = msg(errs[name]?.message);
    return (
      <div className="field">
        <label className="field-label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <input id={`${id}-${name}`} className="input" aria-invalid={!!e} aria-describedby={e ? `${id}-${name}-e` : hint ? `${id}-${name}-h` : undefined} data-testid={`${testId}-${name}`} {...extra} {...form.register(name)} />
        {e ? (
          <p id={`${id}-${name}-e`} className="field-error" role="alert">
            {e}
          </p>
        ) : hint ? (
          <p id={`${id}-${name}-h`} className={s.hint}>
            {hint}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form className={s.form} noValidate onSubmit={form.handleSubmit((v) => m.mutate(v))} data-testid={testId}>
      <p className={s.balance}>
        {t('agent:transfer.balance')} <strong dir="ltr">{fmt(info.balance)}</strong>
      </p>
      {field('amount', t('agent:transfer.amount', { currency: info.currency }), { inputMode: 'decimal', autoComplete: 'off', 'data-autofocus': true }, t('agent:transfer.limits', { min: fmt(info.min), max: fmt(info.max) }))}
      {field('paymentPassword', t('agent:transfer.paymentPassword'), { type: 'password', autoComplete: 'off', inputMode: 'numeric' })}
      {field('remark', t('agent:transfer.remark'), { autoComplete: 'off', maxLength: REMARK_MAX + 20 })}
      {error && (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      <Button type="submit" loading={m.isPending} icon={<Send size={16} aria-hidden="true" />} data-testid={`${testId}-submit`}>
        {submitLabel}
      </Button>
    </form>
  );
}
