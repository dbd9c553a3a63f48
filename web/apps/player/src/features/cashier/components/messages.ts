// Client-side verdicts in the user's language (cashier namespace).
import type { TFunction } from 'i18next';
import { formatMinor } from '@/lib/format';
import type { AmountProblem } from '../api/amount';
import type { ImageProblem } from '../api/image';

export function amountMessage(t: TFunction, p: AmountProblem, decimals: number): string {
  switch (p.code) {
    case 'tooManyDecimals':
      return p.decimals === 0 ? t('cashier:amount.noDecimals') : t('cashier:amount.tooManyDecimals', { decimals: p.decimals });
    case 'belowMin':
      return t('cashier:amount.belowMin', { min: formatMinor(p.min, decimals) });
    case 'aboveMax':
      return t('cashier:amount.aboveMax', { max: formatMinor(p.max, decimals) });
    case 'aboveBalance':
      return t('cashier:amount.aboveBalance', { balance: formatMinor(p.balance, decimals) });
    default:
      return t(`cashier:amount.${p.code}`);
  }
}

export function imageMessage(t: TFunction, p: ImageProblem): string {
  return t(`cashier:image.${p}`);
}

/** "PHP 1,234.50" style amount for sentences. */
export function money(v: number | bigint, decimals: number, currency?: string): string {
  const n = formatMinor(v, decimals);
  return currency ? `${currency} ${n}` : n;
}
