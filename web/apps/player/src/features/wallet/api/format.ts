import { formatMinor } from '@/lib/format';
import type { Balance } from './balance';

/** Shown instead of the amount while the member hides it. */
export const HIDDEN_AMOUNT = '******';

/**
 * "₱10,000.00": two decimals (the currency's own count) with thousands
 * separators; a currency without its own symbol (FUN) is written after the
 * amount: "2,000.00 FUN".
 */
export function formatBalance(b: Pick<Balance, 'balance' | 'currency' | 'currencySymbol' | 'decimals'>): string {
  const amount = formatMinor(b.balance, Number.isInteger(b.decimals) && b.decimals >= 0 ? b.decimals : 2);
  const symbol = b.currencySymbol?.trim();
  if (symbol && symbol !== b.currency) return `${symbol}${amount}`;
  return b.currency ? `${amount} ${b.currency}` : amount;
}
