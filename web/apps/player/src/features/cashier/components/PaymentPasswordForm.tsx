// Setting the 6-digit payment password (the login password proves the member
// the first time) or changing it (the current payment password).
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, errorMessage } from '@/components/ui';
import { PAYMENT_PASSWORD_RE, setPaymentPassword } from '../api/withdraw';
import { Field } from './Field';
import s from './cashier.module.css';

type Errors = Partial<Record<'current' | 'next' | 'repeat', string>>;

export function PaymentPasswordForm({ hasPassword, onDone, onCancel }: { hasPassword: boolean; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation(['cashier', 'errors', 'auth'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setServerError(undefined);
    const e: Errors = {};
    if (!current) e.current = hasPassword ? t('cashier:password.oldRequired') : t('cashier:password.required');
    if (!PAYMENT_PASSWORD_RE.test(next)) e.next = t('cashier:password.format');
    else if (repeat !== next) e.repeat = t('cashier:password.mismatch');
    setErrors(e);
    if (e.current || e.next || e.repeat) return;
    setBusy(true);
    try {
      await setPaymentPassword(
        hasPassword
          ? { oldPaymentPassword: current, newPaymentPassword: next, confirmPaymentPassword: repeat }
          : { password: current, newPaymentPassword: next, confirmPaymentPassword: repeat },
      );
      await qc.invalidateQueries({ queryKey: ['cashier'] });
      onDone();
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const digits = (set: (v: string) => void) => (v: string) => set(v.replace(/\D/g, '').slice(0, 6));
  return (
    <form className={s.form} onSubmit={submit} noValidate data-testid="payment-password-form">
      <p className={s.lead}>{t('cashier:password.lead')}</p>
      {hasPassword ? (
        <Field id={`${id}-old`} label={t('cashier:password.old')} value={current} onChange={digits(setCurrent)} secret inputMode="numeric" autoComplete="off" maxLength={6} error={errors.current} data-testid="pp-current" />
      ) : (
        <Field id={`${id}-login`} label={t('cashier:password.loginPassword')} value={current} onChange={setCurrent} secret autoComplete="current-password" hint={t('cashier:password.loginPasswordHint')} error={errors.current} data-testid="pp-login" />
      )}
      <div className={s.row2}>
        <Field id={`${id}-new`} label={t('cashier:password.new')} value={next} onChange={digits(setNext)} secret inputMode="numeric" autoComplete="off" maxLength={6} placeholder={t('cashier:withdraw.paymentPasswordPlaceholder')} error={errors.next} data-testid="pp-new" />
        <Field id={`${id}-repeat`} label={t('cashier:password.repeat')} value={repeat} onChange={digits(setRepeat)} secret inputMode="numeric" autoComplete="off" maxLength={6} placeholder={t('cashier:withdraw.paymentPasswordPlaceholder')} error={errors.repeat} data-testid="pp-repeat" />
      </div>
      {serverError && (
        <p className={s.serverError} role="alert" data-testid="pp-error">
          {serverError}
        </p>
      )}
      <div className={s.actions}>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('cashier:common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={busy} data-testid="pp-submit">
          {t('cashier:password.save')}
        </Button>
      </div>
    </form>
  );
}
