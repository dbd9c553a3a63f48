// Binding a payout account: a bank account or an e-wallet from the payout
// bank list, in the member's registered real name (the first binding sets the
// real name), confirmed with the payment password.
import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, errorMessage } from '@/components/ui';
import { addPayoutAccount, PAYMENT_PASSWORD_RE, payoutBanksQuery, type PayoutAccount, type PayoutType } from '../api/withdraw';
import { Field } from './Field';
import s from './cashier.module.css';

type Errors = Partial<Record<'bank' | 'name' | 'number' | 'password', string>>;

/** Real-name comparison as the server does it: case and spaces do not matter. */
export function sameName(a: string, b: string): boolean {
  const norm = (v: string) => v.replace(/\s+/g, '').toLowerCase();
  return norm(a) === norm(b);
}

/** The server's shapes: bank account numbers 6-20 digits; e-wallets a PH mobile number. */
export const BANK_NUMBER_RE = /^\d{6,20}$/;
export const EWALLET_NUMBER_RE = /^(09\d{9}|639\d{9})$/;

export function PayoutAccountForm({ realName, onDone, onCancel }: { realName?: string; onDone: (a: PayoutAccount) => void; onCancel?: () => void }) {
  const { t } = useTranslation(['cashier', 'errors', 'auth'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const banks = useQuery(payoutBanksQuery());
  const [type, setType] = useState<PayoutType>('BANK');
  const [bankCode, setBankCode] = useState('');
  const [name, setName] = useState(realName ?? '');
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const options = (banks.data ?? []).filter((b) => b.type === type);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setServerError(undefined);
    const e: Errors = {};
    const num = number.replace(/[\s-]/g, '');
    if (!bankCode) e.bank = t('cashier:accounts.bankRequired');
    if (!name.trim()) e.name = t('cashier:accounts.accountNameRequired');
    else if (realName && !sameName(name, realName)) e.name = t('cashier:accounts.accountNameMismatch', { name: realName });
    if (!num) e.number = t('cashier:accounts.accountNumberRequired');
    else if (type === 'BANK' && !BANK_NUMBER_RE.test(num)) e.number = t('cashier:accounts.accountNumberInvalid');
    else if (type === 'EWALLET' && !EWALLET_NUMBER_RE.test(num)) e.number = t('cashier:accounts.walletNumberInvalid');
    if (!PAYMENT_PASSWORD_RE.test(password)) e.password = t('cashier:password.format');
    setErrors(e);
    if (Object.values(e).some(Boolean)) return;
    setBusy(true);
    try {
      const account = await addPayoutAccount({ type, bankCode, accountName: name.trim().replace(/\s+/g, ' '), accountNumber: num, paymentPassword: password });
      await qc.invalidateQueries({ queryKey: ['cashier'] });
      onDone(account);
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate data-testid="payout-account-form">
      <div className="field">
        <span className="field-label" id={`${id}-type`}>
          {t('cashier:accounts.type')}
        </span>
        <div className={s.segment} role="radiogroup" aria-labelledby={`${id}-type`}>
          {(['BANK', 'EWALLET'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={type === v}
              className={s.segmentItem}
              onClick={() => {
                setType(v);
                setBankCode('');
              }}
              data-testid={`pa-type-${v}`}
            >
              {t(`cashier:accounts.type${v}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-bank`}>
          {type === 'BANK' ? t('cashier:accounts.bank') : t('cashier:accounts.wallet')}
        </label>
        <select id={`${id}-bank`} className="input" value={bankCode} onChange={(e) => setBankCode(e.target.value)} aria-invalid={!!errors.bank} disabled={banks.isPending} data-testid="pa-bank">
          <option value="">{t('cashier:accounts.choose')}</option>
          {options.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
        {errors.bank && (
          <p className="field-error" role="alert">
            {errors.bank}
          </p>
        )}
      </div>
      <Field
        id={`${id}-name`}
        label={t('cashier:accounts.accountName')}
        value={name}
        onChange={setName}
        autoComplete="name"
        maxLength={64}
        hint={realName ? t('cashier:accounts.accountNameHint', { name: realName }) : t('cashier:accounts.accountNameFirstHint')}
        error={errors.name}
        data-testid="pa-name"
      />
      <Field
        id={`${id}-number`}
        label={type === 'BANK' ? t('cashier:accounts.accountNumber') : t('cashier:accounts.walletNumber')}
        value={number}
        onChange={setNumber}
        inputMode="numeric"
        placeholder={type === 'EWALLET' ? '09XXXXXXXXX' : undefined}
        autoComplete="off"
        maxLength={40}
        error={errors.number}
        data-testid="pa-number"
      />
      <Field
        id={`${id}-pw`}
        label={t('cashier:withdraw.paymentPassword')}
        value={password}
        onChange={(v) => setPassword(v.replace(/\D/g, '').slice(0, 6))}
        secret
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={t('cashier:withdraw.paymentPasswordPlaceholder')}
        hint={t('cashier:accounts.passwordHint')}
        error={errors.password}
        data-testid="pa-password"
      />
      {serverError && (
        <p className={s.serverError} role="alert" data-testid="pa-error">
          {serverError}
        </p>
      )}
      <div className={s.actions}>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('cashier:common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={busy} data-testid="pa-submit">
          {t('cashier:accounts.add')}
        </Button>
      </div>
    </form>
  );
}
