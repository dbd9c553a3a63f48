// The player's answer for a PAID withdrawal: received in full, received in
// part (how much arrived), or not received (with a proof image).
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, errorCode, errorMessage } from '@/components/ui';
import {
  amountMessage,
  checkImage,
  confirmWithdrawal,
  Field,
  ImagePicker,
  imageMessage,
  money,
  parseAmount,
  useSubmission,
  fileFingerprint,
  type ConfirmResult,
  type Withdrawal,
} from '@/features/cashier';
import { accountLabel } from './WithdrawForm';
import s from './page.module.css';

type Errors = Partial<Record<'received' | 'proof', string>>;

export function ConfirmReceiptDialog({ withdrawal, decimals, currency, onClose, onDone }: { withdrawal: Withdrawal | null; decimals: number; currency: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['cashier', 'errors', 'common'], { useSuspense: true });
  return (
    <Dialog open={withdrawal !== null} onClose={onClose} title={t('cashier:withdraw.confirm.title')} size="md" data-testid="withdraw-confirm">
      {withdrawal && <ConfirmForm key={withdrawal.id} w={withdrawal} decimals={decimals} currency={currency} onCancel={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function ConfirmForm({ w, decimals, currency, onCancel, onDone }: { w: Withdrawal; decimals: number; currency: string; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation(['cashier', 'errors', 'common'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const { submit, pending } = useSubmission();
  const [result, setResult] = useState<ConfirmResult>('RECEIVED');
  const [received, setReceived] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const full = money(w.amount, decimals, currency);

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (pending) return;
    setServerError(undefined);
    const e: Errors = {};
    if (result === 'PARTIAL') {
      const p = parseAmount(received, decimals);
      if (!p.ok) e.received = amountMessage(t, p.problem, decimals);
      else if (p.minor >= BigInt(w.amount)) e.received = t('cashier:withdraw.confirm.partialTooMuch', { amount: full });
    }
    if (result === 'NOT_RECEIVED' || proof) {
      const p = await checkImage(proof);
      if (p) e.proof = imageMessage(t, p);
    }
    setErrors(e);
    if (e.received || e.proof) return;
    const input = { result, receivedAmount: result === 'PARTIAL' ? received.trim() : undefined, proof };
    try {
      const out = await submit({ ...input, proof: fileFingerprint(proof) }, (key) => confirmWithdrawal(w.id, input, key));
      if (!out) return;
      void qc.invalidateQueries({ queryKey: ['cashier'] });
      onDone();
    } catch (err) {
      const code = errorCode(err) ?? '';
      const msg = errorMessage(t, err);
      if (code.startsWith('upload.')) setErrors((x) => ({ ...x, proof: msg }));
      else if (code.startsWith('money.')) setErrors((x) => ({ ...x, received: msg }));
      else setServerError(msg);
    }
  };

  const options: { v: ConfirmResult; label: string }[] = [
    { v: 'RECEIVED', label: t('cashier:withdraw.confirm.received') },
    { v: 'PARTIAL', label: t('cashier:withdraw.confirm.partial') },
    { v: 'NOT_RECEIVED', label: t('cashier:withdraw.confirm.notReceived') },
  ];
  return (
    <form className={s.confirmForm} onSubmit={onSubmit} noValidate>
      <p className={s.muted}>{t('cashier:withdraw.confirm.lead', { orderNo: w.orderNo, amount: full, account: accountLabel(w.account ?? {}) || '—' })}</p>
      <fieldset className={s.options}>
        <legend className="sr-only">{t('cashier:withdraw.confirm.title')}</legend>
        {options.map((o) => (
          <label key={o.v} className={s.option}>
            <input type="radio" name={`${id}-result`} value={o.v} checked={result === o.v} onChange={() => { setResult(o.v); setErrors({}); }} data-testid={`confirm-${o.v}`} />
            {o.label}
          </label>
        ))}
      </fieldset>
      {result === 'PARTIAL' && (
        <Field
          id={`${id}-received`}
          label={t('cashier:withdraw.confirm.receivedAmount')}
          value={received}
          onChange={(v) => setReceived(v.replace(/,/g, ''))}
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          hint={t('cashier:withdraw.confirm.receivedAmountHint', { amount: full })}
          error={errors.received}
          data-testid="confirm-received-amount"
        />
      )}
      <ImagePicker
        label={result === 'NOT_RECEIVED' ? t('cashier:withdraw.confirm.proof') : t('cashier:withdraw.confirm.proofOptional')}
        file={proof}
        onChange={(f, p) => {
          setProof(f);
          setErrors((x) => ({ ...x, proof: p ? imageMessage(t, p) : undefined }));
        }}
        error={errors.proof}
        disabled={pending}
        testId="confirm-proof"
      />
      {serverError && (
        <p className={s.serverError} role="alert" data-testid="confirm-error">
          {serverError}
        </p>
      )}
      <div className={s.dialogActions}>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {t('cashier:common.cancel')}
        </Button>
        <Button type="submit" loading={pending} data-testid="confirm-submit">
          {t('cashier:withdraw.confirm.submit')}
        </Button>
      </div>
    </form>
  );
}
