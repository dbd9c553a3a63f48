import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';

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
 * else the server's message (TY or EN), else a generic line.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  const fallback = error instanceof Error && error.message && error.message !== code ? error.message : t('errors:unknown');
  if (!code) return fallback;
  return t([`errors:${code}`, `auth:errors.${code}`], { defaultValue: fallback });
}
