// Palaro's i18n: i18next with locale files split per namespace and loaded
// lazily by import(), so a page downloads only its language. Locale codes are
// the spec's (TY, EN, CN, ...); unknown or incomplete languages fall back to EN.
import i18next, { type BackendModule, type i18n } from 'i18next';
import { BOOT_NAMESPACES, COMPLETE_LANGUAGES, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, languageInfo } from './languages';

export * from './languages';



type Loaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
/**
 * The boot namespaces' files (BOOT_NAMESPACES; the pattern must be a literal,
 * a test checks it matches). The rest are listed in lazyLocales.ts, fetched
 * the first time a lazy namespace is read, so they stay out of the entry chunk.
 */
const loaders: Loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/{common,layout,catalog,content,system,errors}.json');
let lazyLoaders: Promise<Loaders> | undefined;
function loaderFor(path: string): Promise<Loaders[string] | undefined> {
  if (loaders[path]) return Promise.resolve(loaders[path]);
  lazyLoaders ??= import('./lazyLocales').then((m) => m.loaders);
  return lazyLoaders.then((all) => all[path]);
}

/** True when the language has this namespace (boot namespaces are known at once; the others after the lazy list loads). */
export async function hasLocale(lang: string, ns: string): Promise<boolean> {
  return !!(await loaderFor(`../locales/${lang}/${ns}.json`));
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loaderFor(`../locales/${language}/${namespace}.json`)
      .then((load) => (load ? load().then((m) => m.default) : {})) // not translated: i18next then uses the EN fallback
      .then(
        (m) => callback(null, m),
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
    for (const ns of namespaces) void loaderFor(`../locales/${l}/${ns}.json`).then((load) => load?.().catch(() => undefined));
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

/** The boot namespaces' locale files listed in the entry chunk (for tests). */
export function bootLocaleKeys(): string[] {
  return Object.keys(loaders);
}
