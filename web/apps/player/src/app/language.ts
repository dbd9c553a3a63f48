// Language selection rules (spec sections 3 and 4): start from stored `lang`
// when it is one the storefront offers, else the brand default; on the first
// visit store the default as both `lang` and `hisLang`; a switch is
// remembered, mirrored on <html lang dir>, sent with every API call, and the
// language-dependent server data (games, vendors, winners, content) reloads.
import type { i18n } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { LANGUAGES, LANG_KEY, applyDocumentLanguage, initialLanguage, languageInfo, rememberLanguage, type LanguageInfo } from '@palaro/i18n';
import { setApiLanguage } from '@/lib/api';

/** Brand languages first, then every other known language (by native name). */
export function selectableLanguages(brandLanguages: string[]): LanguageInfo[] {
  const brand = brandLanguages.map((c) => languageInfo(c)).filter((l): l is LanguageInfo => !!l);
  const rest = LANGUAGES.filter((l) => !brand.some((b) => b.code === l.code)).sort((a, b) => a.native.localeCompare(b.native));
  return [...brand, ...rest];
}

/**
 * The language to boot in. A stored choice counts when the selector offers it
 * (brand languages, then the other known languages, which fall back to EN).
 */
export function startLanguage(brandLanguages: string[], brandDefault: string, storage: Storage | undefined = safeLocalStorage()): string {
  // Only membership matters here: no need for selectableLanguages' (costly) sort by native name.
  const offered = LANGUAGES.map((l) => l.code);
  for (const c of brandLanguages) {
    const code = languageInfo(c)?.code;
    if (code && !offered.includes(code)) offered.push(code);
  }
  const def = languageInfo(brandDefault)?.code ?? 'TY';
  const lang = initialLanguage(offered, def, storage);
  if (storage && !storage.getItem(LANG_KEY)) rememberLanguage(lang, storage);
  return lang;
}

/** Query-key roots whose data depends on the language. */
export const LANGUAGE_SCOPED_QUERIES = [['catalog'], ['content']] as const;

export async function switchLanguage(code: string, deps: { i18n: i18n; queryClient: QueryClient; storage?: Storage }) {
  const lang = languageInfo(code)?.code;
  if (!lang) return;
  const storage = deps.storage ?? safeLocalStorage();
  if (storage) rememberLanguage(lang, storage);
  applyDocumentLanguage(lang);
  setApiLanguage(lang);
  await deps.i18n.changeLanguage(lang);
  await Promise.all(LANGUAGE_SCOPED_QUERIES.map((queryKey) => deps.queryClient.invalidateQueries({ queryKey: [...queryKey] })));
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
