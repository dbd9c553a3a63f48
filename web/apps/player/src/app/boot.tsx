// Boot: the status call comes before the first render (spec section 7); the
// brand theme and language are applied from it, then the app renders. The
// index.html cover stays up meanwhile. Nothing waits in a chain that need not:
// index.html has already started the status and announcements requests
// (src/lib/early.ts), and boot starts the home route's chunk and the likely
// language's locale files at once, before the status answers.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n, DEFAULT_LANGUAGE, LANG_KEY, preloadLanguage } from '@palaro/i18n';
import { I18nextProvider } from 'react-i18next';
import { setApiLanguage } from '@/lib/api';
import { statusQuery, type SystemStatus } from '@/features/system/api/status';
import { announcementsQuery } from '@/features/content/api/announcements';
import { applyBrand } from '@/features/system/lib/theme';
import { setBrandTimeZone } from '@/lib/format';
import { BootError } from './BootError';
import { App, startScreen } from './App';
import { hideCover } from './cover';
import { startLanguage } from './language';
import { createQueryClient } from './query-client';

/** Paths that render the home page (router.tsx: home routes and the popup routes on home). */
const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home', '/login', '/register', '/help']);

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

export async function boot(el: HTMLElement) {
  const root = createRoot(el);
  const queryClient = createQueryClient();
  // In parallel with the status call: the home chunk (the router's loader then
  // finds it loaded) and the stored or default language's locale files.
  if (HOME_PATHS.has(location.pathname.toLowerCase())) void import('./routes/home').catch(() => undefined);
  preloadLanguage(storedLanguage() || DEFAULT_LANGUAGE);
  let status: SystemStatus;
  try {
    status = await queryClient.fetchQuery({ ...statusQuery(), retry: 2 });
  } catch (error) {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem('lang');
    } catch {
      /* ignore */
    }
    const i18n = await createI18n(stored || DEFAULT_LANGUAGE);
    root.render(
      <I18nextProvider i18n={i18n}>
        <BootError error={error} />
      </I18nextProvider>,
    );
    hideCover();
    return;
  }
  applyBrand(status.info);
  setBrandTimeZone(status.info.timezone);
  const lang = startLanguage(status.info.languages ?? [], status.info.defaultLanguage || DEFAULT_LANGUAGE);
  setApiLanguage(lang);
  // Every storefront page reads the visitor's announcements (popup; home banners
  // and marquee): start them now rather than after the first render.
  if (startScreen(status) === 'normal') void queryClient.prefetchQuery(announcementsQuery(lang, 'B'));
  const i18n = await createI18n(lang);
  root.render(
    <StrictMode>
      <App status={status} queryClient={queryClient} i18n={i18n} />
    </StrictMode>,
  );
}
