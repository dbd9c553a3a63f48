// The deposit form for the chosen method: the amount (chips, bounds, the
// server's rules), and for a bank transfer the receiving account, the
// transfer reference and the receipt image. ONLINE sends the browser to the
// provider's payment page.
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Send } from 'lucide-react';
import { Button, errorCode, errorMessage } from '@/components/ui';
import {
  AmountField,
  amountMessage,
  checkAmount,
  checkImage,
  createBankDeposit,
  createOnlineDeposit,
  Field,
  fileFingerprint,
  ImagePicker,
  imageMessage,
  useSubmission,
  type Deposit,
  type DepositMethod,
} from '@/features/cashier';
import { BankDetails } from './BankDetails';
import s from './page.module.css';

// Only when a deposit limit refused a deposit: its own small chunk.
const DepositLimitNotice = lazy(async () => ({ default: (await import('@/features/rg/components/DepositLimitNotice')).DepositLimitNotice }));

export const REFERENCE_MIN = 4;
export const REFERENCE_MAX = 40;

type Errors = Partial<Record<'amount' | 'reference' | 'receipt', string>>;

/** Leaves the page for the provider's hosted payment page (replaced in tests). */
export const browser = { go: (url: string) => window.location.assign(url) };

/** returnTo "agent": an online payment comes back to the agent centre (its deposit page). */
export function DepositForm({ method, decimals, currency, onSubmitted, returnTo }: { method: DepositMethod; decimals: number; currency: string; onSubmitted: (d: Deposit) => void; returnTo?: 'agent' }) {
  const { t } = useTranslation(['cashier', 'errors', 'common'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const { submit, pending } = useSubmission();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  // The server refused the deposit because of one of the player's deposit limits.
  const [limitHit, setLimitHit] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const bank = method.type === 'BANK';

  useEffect(() => {
    setErrors({});
    setServerError(undefined);
  }, [method.code]);

  const amountError = (v: string) => {
    const a = checkAmount(v, { decimals, min: method.min, max: method.max });
    return a.ok ? undefined : amountMessage(t, a.problem, decimals);
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (pending || leaving) return;
    setServerError(undefined);
    setLimitHit(false);
    const e: Errors = { amount: amountError(amount) };
    if (bank) {
      const ref = reference.trim();
      if (!ref) e.reference = t('cashier:deposit.referenceRequired');
      else if (ref.length < REFERENCE_MIN || ref.length > REFERENCE_MAX) e.reference = t('cashier:deposit.referenceLength', { min: REFERENCE_MIN, max: REFERENCE_MAX });
      const p = await checkImage(receipt);
      if (p) e.receipt = imageMessage(t, p);
    }
    setErrors(e);
    if (e.amount || e.reference || e.receipt) return;
    const amountText = amount.trim();
    try {
      if (bank) {
        const input = { method: method.code, amount: amountText, reference: reference.trim(), receipt: receipt! };
        const d = await submit({ ...input, receipt: fileFingerprint(receipt) }, (key) => createBankDeposit(input, key));
        if (!d) return;
        void qc.invalidateQueries({ queryKey: ['cashier', 'deposits'] });
        setAmount('');
        setReference('');
        setReceipt(null);
        onSubmitted(d);
      } else {
        const input = { method: method.code, amount: amountText, ...(returnTo ? { return: returnTo } : {}) };
        const d = await submit(input, (key) => createOnlineDeposit(input, key));
        if (!d) return;
        void qc.invalidateQueries({ queryKey: ['cashier', 'deposits'] });
        if (d.payUrl) {
          setLeaving(true);
          browser.go(d.payUrl);
        } else onSubmitted(d);
      }
    } catch (err) {
      const code = errorCode(err) ?? '';
      const msg = errorMessage(t, err);
      if (code.startsWith('money.')) setErrors((x) => ({ ...x, amount: msg }));
      else if (code.startsWith('upload.')) setErrors((x) => ({ ...x, receipt: msg }));
      else if (code === 'rg.deposit_limit') setLimitHit(true);
      else setServerError(msg);
    }
  };

  const busy = pending || leaving;
  return (
    <form className={s.card} onSubmit={onSubmit} noValidate data-testid="deposit-form">
      {bank && method.bank && (
        <section className={s.subsection} aria-labelledby={`${id}-bank`}>
          <h3 id={`${id}-bank`} className={s.cardTitle}>
            {t('cashier:deposit.bankTitle')}
          </h3>
          <p className={s.muted}>{t('cashier:deposit.bankLead')}</p>
          <BankDetails bank={method.bank} />
        </section>
      )}
      {!bank && <p className={s.muted}>{t('cashier:deposit.onlineLead')}</p>}
      <AmountField
        id={`${id}-amount`}
        label={t('cashier:common.amount')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          if (errors.amount) setErrors((x) => ({ ...x, amount: undefined }));
        }}
        onBlur={() => amount.trim() && setErrors((x) => ({ ...x, amount: amountError(amount) }))}
        decimals={decimals}
        currency={currency}
        min={method.min}
        max={method.max}
        error={errors.amount}
        disabled={busy}
      />
      {bank && (
        <>
          <Field
            id={`${id}-ref`}
            label={t('cashier:deposit.reference')}
            value={reference}
            onChange={(v) => {
              setReference(v);
              if (errors.reference) setErrors((x) => ({ ...x, reference: undefined }));
            }}
            placeholder={t('cashier:deposit.referencePlaceholder')}
            maxLength={REFERENCE_MAX}
            autoComplete="off"
            error={errors.reference}
            disabled={busy}
            data-testid="deposit-reference"
          />
          <ImagePicker
            label={t('cashier:deposit.receipt')}
            file={receipt}
            onChange={(f, p) => {
              setReceipt(f);
              setErrors((x) => ({ ...x, receipt: p ? imageMessage(t, p) : undefined }));
            }}
            error={errors.receipt}
            disabled={busy}
            testId="deposit-receipt"
          />
        </>
      )}
      {limitHit && (
        <Suspense fallback={<p className={s.serverError}>{errorMessage(t, { code: 'rg.deposit_limit' })}</p>}>
          <DepositLimitNotice />
        </Suspense>
      )}
      {serverError && (
        <p className={s.serverError} role="alert" data-testid="deposit-error">
          {serverError}
        </p>
      )}
      <div className={s.formActions}>
        <Button type="submit" size="lg" loading={busy} icon={bank ? <Send size={18} /> : undefined} iconEnd={bank ? undefined : <ArrowRight size={18} className="flip-rtl" />} data-testid="deposit-submit">
          {leaving ? t('cashier:deposit.redirecting') : bank ? t('cashier:deposit.submitBank') : t('cashier:deposit.submitOnline')}
        </Button>
      </div>
    </form>
  );
}
