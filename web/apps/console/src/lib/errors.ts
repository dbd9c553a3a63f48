import type { TFunction } from 'i18next';
import { errorCode } from '@palaro/api/src/envelope';

/**
 * An error in the operator's language: console:errors.<code> when the console
 * knows the code, else the server's own message (it is translated EN/TY on the
 * server), else a generic line.
 */
export function errorText(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  const fallback = error instanceof Error && error.message && error.message !== code ? error.message : t('errors.unknown');
  if (!code || !/^[a-z_]+(\.[a-z_]+)+$/.test(code)) return fallback;
  return t(`errors.${code}`, { defaultValue: fallback });
}
