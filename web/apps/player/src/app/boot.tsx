// Boot: the status call comes before the first render (spec section 7); the
// brand theme and language are applied from it, then the app renders. The
// index.html cover stays up meanwhile.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n, DEFAULT_LANGUAGE } from '@palaro/i18n';
import { I18nextProvider } from 'react-i18next';
import { setApiLanguage } from '@/lib/api';
import { statusQuery, type SystemStatus } from '@/features/system/api/status';
import { applyBrand } from '@/features/system/lib/theme';
import { BootError } from './BootError';
import { App } from './App';
import { hideCover } from './cover';
import { startLanguage } from './language';
import { createQueryClient } from './query-client';

export async function boot(el: HTMLElement) {
  const root = createRoot(el);
  const queryClient = createQueryClient();
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
  const lang = startLanguage(status.info.languages ?? [], status.info.defaultLanguage || DEFAULT_LANGUAGE);
  setApiLanguage(lang);
  const i18n = await createI18n(lang);
  root.render(
    <StrictMode>
      <App status={status} queryClient={queryClient} i18n={i18n} />
    </StrictMode>,
  );
}
