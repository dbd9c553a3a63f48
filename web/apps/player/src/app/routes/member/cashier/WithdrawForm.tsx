// The withdrawal request: the payout account, the amount (bounds, balance)
// and the payment password. The answer holds the money (PENDING_REVIEW).
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Landmark, Plus, Smartphone } from 'lucide-react';
import { Button, errorCode, errorMessage } from '@/components/ui';
import {
  AmountField,
  amountMessage,
  checkAmount,
  createWithdrawal,
  Field,
  PAYMENT_PASSWORD_RE,
  useSubmission,
  type PayoutAccount,
  type Withdrawal,
  type WithdrawInfo,
} from '@/features/cashier';
import s from './page.module.css';

type Errors = Partial<Record<'account' | 'amount' | 'password', string>>;

export const MAX_PAYOUT_ACCOUNTS = 5;

export function accountLabel(a: Partial<PayoutAccount>): string {
  return [a.bankName || a.bankCode, a.accountNumber].filter(Boolean).join(' · ');
}

export function WithdrawForm({ info, onAddAccount, onHeld }: { info: WithdrawInfo; onAddAccount?: () => void; onHeld: (w: Withdrawal) => void }) {
  const { t } = useTranslation(['cashier', 'errors', 'common'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const { submit, pending } = useSubmission();
  const [accountId, setAccountId] = useState<number | undefined>(info.accounts[0]?.id);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const { decimals, currency } = info;
  const limits = { decimals, min: info.min, max: info.max, balance: info.balance };
  const blocked = info.turnover.remaining > 0 || (info.dailyLimit > 0 && info.dailyCount >= info.dailyLimit);

  const amountError = (v: string) => {
    const a = checkAmount(v, limits);
    return a.ok ? undefined : amountMessage(t, a.problem, decimals);
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (pending) return;
    setServerError(undefined);
    const e: Errors = { amount: amountError(amount) };
    if (!info.accounts.some((a) => a.id === accountId)) e.account = t('cashier:accounts.bankRequired');
    if (!PAYMENT_PASSWORD_RE.test(password)) e.password = t('cashier:password.format');
    setErrors(e);
    if (e.amount || e.account || e.password) return;
    const body = { payoutAccountId: accountId!, amount: amount.trim(), paymentPassword: password };
    try {
      const w = await submit(body, (key) => createWithdrawal(body, key));
      if (!w) return;
      setAmount('');
      setPassword('');
      void qc.invalidateQueries({ queryKey: ['cashier'] });
      onHeld(w);
    } catch (err) {
      const code = errorCode(err) ?? '';
      const msg = errorMessage(t, err);
      if (code.startsWith('money.') || code === 'ledger.insufficient_funds') setErrors((x) => ({ ...x, amount: msg }));
      else if (code.includes('payment_password')) {
        setPassword('');
        setErrors((x) => ({ ...x, password: msg }));
      } else setServerError(msg);
    }
  };

  return (
    <form className={s.card} onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <div className="field">
        <div className={s.cardHead}>
          <span className="field-label" id={`${id}-acc`}>
            {t('cashier:withdraw.account')}
          </span>
          {onAddAccount && info.accounts.length < MAX_PAYOUT_ACCOUNTS && (
            <Button variant="ghost" size="sm" icon={<Plus size={14} />} onClick={onAddAccount} data-testid="withdraw-add-account">
              {t('cashier:withdraw.addAccount')}
            </Button>
          )}
        </div>
        <div className={s.accounts} role="radiogroup" aria-labelledby={`${id}-acc`}>
          {info.accounts.map((a) => (
            <button key={a.id} type="button" role="radio" aria-checked={a.id === accountId} className={s.account} onClick={() => setAccountId(a.id)} data-testid="withdraw-account">
              <span className={s.accountIcon} aria-hidden="true">
                {a.type === 'EWALLET' ? <Smartphone size={18} /> : <Landmark size={18} />}
              </span>
              <span className={s.accountText}>
                <span className={s.accountName}>{a.bankName || a.bankCode}</span>
                <span className={s.accountMeta}>
                  {a.accountName} · {a.accountNumber}
                </span>
              </span>
            </button>
          ))}
        </div>
        {errors.account && (
          <p className="field-error" role="alert">
            {errors.account}
          </p>
        )}
      </div>
      <AmountField
        id={`${id}-amount`}
        label={t('cashier:withdraw.amount')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          if (errors.amount) setErrors((x) => ({ ...x, amount: undefined }));
        }}
        onBlur={() => amount.trim() && setErrors((x) => ({ ...x, amount: amountError(amount) }))}
        decimals={decimals}
        currency={currency}
        min={info.min}
        max={info.max}
        error={errors.amount}
        extra={{ label: t('cashier:withdraw.all'), amount: Math.min(info.balance, info.max > 0 ? info.max : info.balance) }}
        disabled={pending || blocked}
      />
      <Field
        id={`${id}-pw`}
        label={t('cashier:withdraw.paymentPassword')}
        value={password}
        onChange={(v) => {
          setPassword(v.replace(/\D/g, '').slice(0, 6));
          if (errors.password) setErrors((x) => ({ ...x, password: undefined }));
        }}
        secret
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={t('cashier:withdraw.paymentPasswordPlaceholder')}
        error={errors.password}
        disabled={pending || blocked}
        data-testid="withdraw-password"
      />
      {serverError && (
        <p className={s.serverError} role="alert" data-testid="withdraw-error">
          {serverError}
        </p>
      )}
      <div className={s.formActions}>
        <Button type="submit" size="lg" loading={pending} disabled={blocked} data-testid="withdraw-submit">
          {t('cashier:withdraw.submit')}
        </Button>
      </div>
    </form>
  );
}
