// The console's language: the operator's stored choice, else English.
import { CONSOLE_LANGUAGES } from '@palaro/i18n/src/console';

const KEY = 'palaro.console.lang';
let current = 'EN';

export function initialLanguage(): string {
  try {
    const v = localStorage.getItem(KEY)?.toUpperCase();
    if (v && CONSOLE_LANGUAGES.some((l) => l.code === v)) return v;
  } catch {
    // no storage
  }
  return 'EN';
}

export function rememberLanguage(lang: string) {
  current = lang;
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // no storage
  }
}

export function setCurrentLanguage(lang: string) {
  current = lang;
}

export function currentLanguage(): string {
  return current;
}
