import { createConsoleI18n } from '@palaro/i18n/src/console';
import { initialLanguage, setCurrentLanguage } from '@/lib/language';
import { App } from './App';

/** Loads the operator's language, then the app. */
export async function boot() {
  const lang = initialLanguage();
  setCurrentLanguage(lang);
  const i18n = await createConsoleI18n(lang);
  return <App i18n={i18n} />;
}
