// The amount input: decimal keyboard, quick-amount chips inside the bounds,
// the min and max shown, and the error from api/amount (same rules as the server).
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@/lib/format';
import { minorToText, parseAmount } from '../api/amount';
import { quickAmounts } from '../api/quick';
import { Field } from './Field';
import s from './cashier.module.css';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  decimals: number;
  currency?: string;
  min: number;
  max: number;
  error?: string;
  /** Extra chip (e.g. "All" for the whole balance). */
  extra?: { label: string; amount: number };
  disabled?: boolean;
};

export function AmountField({ id, label, value, onChange, onBlur, decimals, currency, min, max, error, extra, disabled }: Props) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  const chips = quickAmounts(min, max, decimals);
  const typed = parseAmount(value, decimals);
  const chosen = (amount: number) => typed.ok && typed.minor === BigInt(amount);
  return (
    <Field
      id={id}
      label={label}
      value={value}
      onChange={(v) => onChange(v.replace(/,/g, ''))}
      onBlur={onBlur}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      placeholder={t('cashier:common.amountPlaceholder')}
      error={error}
      disabled={disabled}
      className={s.amountField}
      hint={
        <>
          {currency && <span className={s.currency}>{currency}</span>} {t('cashier:common.limits', { min: formatMinor(min, decimals), max: formatMinor(max, decimals) })}
        </>
      }
      after={
        <div className={s.chips} role="group" aria-label={t('cashier:common.quickAmounts')}>
          {chips.map((c) => (
            <button key={c} type="button" className={s.chip} aria-pressed={chosen(c)} onClick={() => onChange(minorToText(c, decimals).replace(/\.0+$/, ''))} disabled={disabled} data-testid="amount-chip">
              {formatMinor(c, decimals).replace(/\.0+$/, '')}
            </button>
          ))}
          {extra && extra.amount > 0 && (
            <button type="button" className={s.chip} aria-pressed={chosen(extra.amount)} onClick={() => onChange(minorToText(extra.amount, decimals))} disabled={disabled} data-testid="amount-chip-extra">
              {extra.label}
            </button>
          )}
        </div>
      }
    />
  );
}
