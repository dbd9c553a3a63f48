// The withdrawal request: the payout account, the amount (bounds, balance)
// and the payment password. The answer holds the money (PENDING_REVIEW).
// With an active bonus the server refuses (withdraw.bonus_active, the bonus
// balance as `bonus`): the member confirms losing the bonus and the same
// request goes again with forfeitBonus.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Landmark, Plus, Smartphone } from 'lucide-react';
import { ApiError } from '@/lib/api';
import { Button, Dialog, errorCode, errorMessage } from '@/components/ui';
import { REWARDS_QUERY_ROOT } from '@/features/rewards/api/rewards';
import {
  AmountField,
  amountMessage,
  checkAmount,
  createWithdrawal,
  Field,
  PAYMENT_PASSWORD_RE,
  useSubmission,
  money,
  type NewWithdrawal,
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
  /** A request refused because a bonus is active, waiting for the member's confirmation. */
  const [bonusAsk, setBonusAsk] = useState<{ body: NewWithdrawal; bonus: number | null } | null>(null);
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
    await send({ payoutAccountId: accountId!, amount: amount.trim(), paymentPassword: password });
  };

  const send = async (body: NewWithdrawal) => {
    try {
      const w = await submit(body, (key) => createWithdrawal(body, key));
      if (!w) return;
      setBonusAsk(null);
      setAmount('');
      setPassword('');
      void qc.invalidateQueries({ queryKey: ['cashier'] });
      if (body.forfeitBonus) void qc.invalidateQueries({ queryKey: REWARDS_QUERY_ROOT });
      onHeld(w);
    } catch (err) {
      const code = errorCode(err) ?? '';
      const msg = errorMessage(t, err);
      if (code === 'withdraw.bonus_active' && !body.forfeitBonus) {
        // The server sends the amount formatted in major units ("1,234.50", the
        // brand's decimals): its digits are the minor units.
        const raw = err instanceof ApiError ? String(err.params?.bonus ?? '') : '';
        const bonus = /^[0-9][0-9,]*(\.[0-9]+)?$/.test(raw) ? Number(raw.replace(/[^0-9]/g, '')) : NaN;
        setBonusAsk({ body, bonus: Number.isFinite(bonus) ? bonus : null });
        return;
      }
      setBonusAsk(null);
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
      {bonusAsk && (
        <Dialog
          open
          alert
          size="sm"
          onClose={pending ? () => undefined : () => setBonusAsk(null)}
          title={t('cashier:withdraw.bonus.title')}
          footer={
            <div className={s.formActions}>
              <Button variant="danger" loading={pending} onClick={() => void send({ ...bonusAsk.body, forfeitBonus: true })} data-testid="withdraw-bonus-confirm">
                {t('cashier:withdraw.bonus.confirm')}
              </Button>
              <Button variant="secondary" disabled={pending} onClick={() => setBonusAsk(null)}>
                {t('cashier:withdraw.bonus.keep')}
              </Button>
            </div>
          }
        >
          <p className={s.muted} data-testid="withdraw-bonus-text">
            {bonusAsk.bonus !== null
              ? t('cashier:withdraw.bonus.body', { bonus: money(bonusAsk.bonus, decimals, currency) })
              : t('cashier:withdraw.bonus.bodyNoAmount')}
          </p>
        </Dialog>
      )}
    </form>
  );
}
