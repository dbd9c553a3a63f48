import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';

export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  if (error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string') {
    return (error as { code: string }).code;
  }
  return undefined;
}

/**
 * Translates an error: errors.<code> when known; the account codes (auth.,
 * account., sms., oauth., mail., feedback.) live in the auth namespace as
 * auth:errors.<code>, loaded with the account screens rather than at boot;
 * the money codes (cashier., withdraw., payment., money., upload., ledger.)
 * likewise live in cashier:errors / wallet:errors, loaded with the cashier and
 * wallet pages (keeps the boot namespace small); the game codes (launch.,
 * favorite.) in games:errors, the records codes in records:errors and the
 * in-house game codes (inhouse., dice., mines., plinko., fair., crash.,
 * slot.) in originals:errors, loaded with the Palaro Originals pages; the
 * responsible-gaming codes (rg.) in rg:errors (and those met at login, on a
 * deposit or a transfer also in auth, cashier and wallet); else the server's
 * message (TY or EN), else a generic line.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  const fallback = error instanceof Error && error.message && error.message !== code ? error.message : t('errors:unknown');
  if (!code) return fallback;
  const text = t(
    ['errors:', 'auth:errors.', 'cashier:errors.', 'wallet:errors.', 'games:errors.', 'records:errors.', 'originals:errors.', 'rg:errors.'].map((ns) => ns + code),
    { defaultValue: fallback },
  );
  // A translation that needs a value ({{min}}) the answer does not carry would show the
  // placeholder, so the server's own message (which has the value filled in) is used instead.
  const placeholder = /{{\s*\w+\s*}}/g;
  if (!placeholder.test(text)) return text;
  // An answer that names its values (the envelope's params: a tier, a limit) fills them in.
  const params = error instanceof ApiError ? error.params : undefined;
  const names = [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]);
  if (params && names.every((n) => typeof params[n] === 'string' || typeof params[n] === 'number')) {
    // "until" (a time-out's end) is epoch milliseconds: shown as a date in the brand's zone.
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, n: string) => (n === 'until' && typeof params[n] === 'number' ? formatDateTime(params[n]) : String(params[n])));
  }
  // The one exception: the end of a time-out or self-exclusion ({{until}}, rg.timeout and
  // rg.self_excluded) is in the server's message as epoch milliseconds; read back, it lets
  // the sentence be in the user's language with the date in the brand's zone.
  const until = /^[^{]*({{\s*until\s*}}[^{]*)?$/.test(text) && error instanceof Error ? /(?:^|\D)(\d{13})(?:\D|$)/.exec(error.message) : null;
  if (until) return text.replace(/{{\s*until\s*}}/, formatDateTime(Number(until[1])));
  return error instanceof Error && error.message && error.message !== code ? error.message : text.replace(placeholder, '…');
}
