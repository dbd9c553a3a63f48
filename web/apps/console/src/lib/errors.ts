import type { TFunction } from 'i18next';
import { errorCode } from '@palaro/api/src/envelope';
import { CONSOLE_NAMESPACES } from '@palaro/i18n/src/languages';

/**
 * An error in the operator's language: errors.<code> of the caller's own
 * namespace first (two screens may word one code differently), then the
 * shell's and every other screen's, when the console knows it, else the server's own message (it is translated EN/TY on the
 * server), else a generic line.
 */
export function errorText(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  const fallback = error instanceof Error && error.message && error.message !== code ? error.message : t('errors.unknown');
  if (!code || !/^[a-z_]+(\.[a-z_]+)+$/.test(code)) return fallback;
  const own = (t as TFunction & { ns?: string | readonly string[] }).ns;
  const order = [...new Set([...(own ? [own].flat() : []), ...CONSOLE_NAMESPACES])];
  return t(`errors.${code}`, { ns: order, defaultValue: fallback });
}
