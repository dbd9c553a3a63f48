// The operator console's strings: one `console` namespace per language
// (locales/<LANG>/console.json) and one per screen (console-<screen>.json), loaded lazily like the storefront's, with
// i18next itself (the console runs React and i18next, not the storefront's
// lite builds). The storefront never lists these files (lazyLocales.ts
// excludes them), so they cost its pages nothing.
import i18next, { type BackendModule, type i18n } from 'i18next';
import { applyDocumentLanguage, fallbackFor } from './index';
import { COMPLETE_LANGUAGES, CONSOLE_NAMESPACES, LANGUAGES } from './languages';

export const CONSOLE_NAMESPACE = 'console';
/** The console offers the languages whose every string ships. */
export const CONSOLE_LANGUAGES = LANGUAGES.filter((l) => (COMPLETE_LANGUAGES as readonly string[]).includes(l.code));

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/console*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    (load ? load().then((m) => m.default) : Promise.resolve({})).then(
      (m) => callback(null, m),
      (err) => callback(err as Error, false),
    );
  },
};

export async function createConsoleI18n(lang: string): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(backend).init({
    lng: lang,
    fallbackLng: fallbackFor,
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: [...CONSOLE_NAMESPACES],
    defaultNS: CONSOLE_NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
    load: 'currentOnly',
    react: { useSuspense: false },
  } as Parameters<typeof instance.init>[0]);
  applyDocumentLanguage(lang);
  return instance;
}
