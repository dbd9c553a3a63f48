import { formatMinor } from '@/lib/format';

/** Formats minor units of a currency; the route page passes the wallet's formatter (with the symbol) in. */
export type FormatMoney = (minor: number, currency: string, decimals: number) => string;

/** "PHP 1,234.50": used when the page is given no formatter. */
export const defaultFormatMoney: FormatMoney = (minor, currency, decimals) => {
  const n = formatMinor(minor, decimals);
  return currency ? `${currency} ${n}` : n;
};
