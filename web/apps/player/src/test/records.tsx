// Test helpers for the records pages: the wallet helpers (session, fetch
// stub) with the real EN strings of the records namespace.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enLayout from '@palaro/i18n/locales/EN/layout.json';
import enRecords from '@palaro/i18n/locales/EN/records.json';

export { loginDemo, stubApi, type Call } from './wallet';

function recordsI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { common: enCommon, errors: enErrors, layout: enLayout, records: enRecords } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

/**
 * Renders a records page at path. With `loaderMs`, under a data router whose
 * route loader takes that long, as the app's member routes have: a filter
 * change is then a navigation that stays pending for a while, and the page
 * must not lose a second change made meanwhile.
 */
export function renderRecords(ui: ReactElement, path: string, opts: { loaderMs?: number } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (opts.loaderMs !== undefined) {
    const ms = opts.loaderMs;
    const router = createMemoryRouter(
      [{ path: '*', loader: () => new Promise((r) => setTimeout(() => r(null), ms)), element: <Suspense fallback={null}>{ui}<Where /></Suspense> }],
      { initialEntries: [path] },
    );
    return render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={recordsI18n()}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
  }
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={recordsI18n()}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="*" element={<>{ui}<Where /></>} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
