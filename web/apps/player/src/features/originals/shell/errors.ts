import type { TFunction } from 'i18next';
import { errorCode, errorMessage } from '@/components/ui';

/** originals:errors.<code> (the in-house codes), else the app's chain (errors:, auth:, wallet: ...). */
export function originalsError(t: TFunction, err: unknown): string {
  const code = errorCode(err);
  if (code) {
    const key = `originals:errors.${code}`;
    const text = t(key, { defaultValue: '' });
    if (text && text !== key && !/{{\s*\w+\s*}}/.test(text)) return text;
  }
  return errorMessage(t, err);
}
