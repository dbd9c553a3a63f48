// A platform message in the reader's language, from its kind and parameters
// (internal/notify stores kind + params; the server renders EN and TY only,
// the storefront every language it ships). Used by the message centre and by
// the toasts of pushed notices.
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { NOTICE_KINDS } from './api/messages';

const KNOWN = new Set<string>(NOTICE_KINDS);

/** Parameters holding an amount ("1000.50", money.Format) to show as money. */
const MONEY_PARAMS = ['amount', 'paid'] as const;

function money(raw: string, currency: string, symbols: Record<string, string>): string | undefined {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(raw);
  if (!m) return undefined;
  const n = `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
  const sym = symbols[currency];
  return sym ? `${sym}${n}` : currency ? `${n} ${currency}` : n;
}

/**
 * The notice's params for display: amounts ("1000.50") get thousands
 * separators and their currency ("1,000.50 PHP", or "₱1,000.50" when the
 * currency has a symbol); a period that starts at midnight shows as its day
 * (a daily wage's "2026-11-27", an hourly one keeps its "13:00"); a missing
 * reason or order number shows as a dash.
 */
export function displayParams(params: Record<string, string> | null | undefined, symbols: Record<string, string> = {}): Record<string, string> {
  const p = { ...(params ?? {}) };
  for (const k of MONEY_PARAMS) {
    const v = p[k] !== undefined ? money(p[k], p.currency ?? '', symbols) : undefined;
    if (v !== undefined) p[k] = v;
  }
  if (p.period) p.period = p.period.replace(/ 00:00$/, '');
  p.reason = p.reason || '—';
  p.orderNo = p.orderNo || '—';
  return p;
}

/** Whether the storefront words this kind itself. */
export function isKnownNotice(kind: string): boolean {
  return KNOWN.has(kind);
}

/**
 * Title and body of a notice in the current language, or undefined for a
 * kind the storefront does not know (the caller falls back to the server's
 * text). The contract type is named in words; an empty upline is the
 * platform (a platform contract).
 */
export function noticeText(t: TFunction, kind: string, params: Record<string, string> | null | undefined, symbols: Record<string, string> = {}): { title: string; body: string } | undefined {
  if (!KNOWN.has(kind)) return undefined;
  const p = displayParams(params, symbols);
  if (p.type) p.type = t(`wallet:notice.types.${p.type}`, { defaultValue: p.type });
  if (kind.startsWith('contract_') || kind.startsWith('commission_')) p.upline = p.upline || t('wallet:notice.platform');
  return { title: t(`wallet:notice.${kind}.title`, p), body: t(`wallet:notice.${kind}.body`, p) };
}

/** The header balance's currency symbol, when cached: "₱1,000.50" rather than "1,000.50 PHP". */
export function currencySymbols(qc: QueryClient, token: string | undefined): Record<string, string> {
  const balance = qc.getQueryData<{ currency?: string; currencySymbol?: string }>(['wallet', 'balance', token ?? '']);
  return balance?.currency && balance.currencySymbol ? { [balance.currency]: balance.currencySymbol } : {};
}
