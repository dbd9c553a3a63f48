// Palaro's i18n: i18next with locale files split per namespace and loaded
// lazily by import(), so a page downloads only its language. Locale codes are
// the spec's (TY, EN, CN, ...); unknown or incomplete languages fall back to EN.
import i18next, { type BackendModule, type i18n } from 'i18next';
import { BOOT_NAMESPACES, COMPLETE_LANGUAGES, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, languageInfo } from './languages';

export * from './languages';



const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export function hasLocale(lang: string, ns: string): boolean {
  return `../locales/${lang}/${ns}.json` in loaders;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      // Not translated: i18next then uses the EN fallback.
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err) => callback(err as Error, false),
    );
  },
};

/**
 * Starts downloading a language's locale files (and the EN fallback when the
 * language is not complete) without waiting: createI18n later finds them in the
 * module cache. Boot calls it before the status call answers.
 */
export function preloadLanguage(lang: string, namespaces: readonly string[] = BOOT_NAMESPACES) {
  const code = languageInfo(lang)?.code;
  if (!code) return;
  for (const l of [code, ...fallbackFor(code)]) {
    for (const ns of namespaces) loaders[`../locales/${l}/${ns}.json`]?.().catch(() => undefined);
  }
}

export const LANG_KEY = 'lang';
export const HIS_LANG_KEY = 'hisLang';

/** The language to start in: stored `lang` if the brand supports it, else the brand default. */
export function initialLanguage(supported: string[], brandDefault = DEFAULT_LANGUAGE, storage: Storage | undefined = globalThis.localStorage): string {
  const stored = storage?.getItem(LANG_KEY)?.toUpperCase();
  if (stored && supported.includes(stored)) return stored;
  return brandDefault;
}

/** Stores the language as the spec says: lang = current; hisLang = previous (both default on first visit). */
export function rememberLanguage(lang: string, storage: Storage | undefined = globalThis.localStorage) {
  if (!storage) return;
  const prev = storage.getItem(LANG_KEY);
  storage.setItem(HIS_LANG_KEY, prev ?? lang);
  storage.setItem(LANG_KEY, lang);
}

/** Sets <html lang dir> for the language (Arabic and other RTL scripts flip the layout). */
export function applyDocumentLanguage(lang: string, doc: Document | undefined = globalThis.document) {
  if (!doc) return;
  const info = languageInfo(lang);
  doc.documentElement.lang = info?.bcp47 ?? 'en';
  doc.documentElement.dir = info?.dir ?? 'ltr';
}

/** EN backs up only languages not proven complete. */
export function fallbackFor(code: string | undefined): string[] {
  return code && (COMPLETE_LANGUAGES as readonly string[]).includes(code.toUpperCase()) ? [] : [FALLBACK_LANGUAGE];
}

export async function createI18n(lang: string, namespaces: readonly string[] = BOOT_NAMESPACES): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(lazyBackend).init({
    lng: lang,
    // Complete languages (a test proves every key) never download the EN fallback.
    fallbackLng: fallbackFor,
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    load: 'currentOnly',
    react: { useSuspense: false },
  } as Parameters<typeof instance.init>[0]);
  applyDocumentLanguage(lang);
  return instance;
}

/** Every locale file, eagerly, for tests that check completeness. */
export function localeKeys(): string[] {
  return Object.keys(loaders);
}
