// Test harness for feature and route tests: real EN strings, a fresh query
// client without retries, a memory router, mock UI actions and session, and a
// fetch stub answering Palaro envelopes by path.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import enCatalog from '@palaro/i18n/locales/EN/catalog.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enContent from '@palaro/i18n/locales/EN/content.json';
import { SessionContext, UiActionsContext, type SessionState, type UiActions } from '@/lib/ui-actions';

// Rendering dozens of tiles in jsdom can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

export function testI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { catalog: enCatalog, content: enContent, common: enCommon, errors: {} } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

export function mockActions(): UiActions & { [K in keyof UiActions]: ReturnType<typeof vi.fn> } {
  return {
    openNotice: vi.fn(),
    openAnnouncements: vi.fn(),
    openHelp: vi.fn(),
    openLogin: vi.fn(),
    openRegister: vi.fn(),
    requireLogin: vi.fn(() => false),
    launch: vi.fn(),
  } as never;
}

type Handler = (params: URLSearchParams, init?: RequestInit) => unknown;

/** Stubs fetch: each path answers {success:true, value: handler(params)}; calls are recorded. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { path: string; params: URLSearchParams; method: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    calls.push({ path: url.pathname, params: url.searchParams, method: init?.method ?? 'GET' });
    const h = handlers[url.pathname];
    if (!h) {
      return new Response(JSON.stringify({ success: false, code: 'request.not_found', message: '', value: null }), { status: 404 });
    }
    try {
      return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: h(url.searchParams, init) }), { status: 200 });
    } catch {
      return new Response(JSON.stringify({ success: false, code: 'server.internal', message: '', value: null }), { status: 500 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function renderWithProviders(
  ui: ReactElement,
  opts: { path?: string; route?: string; actions?: UiActions; session?: Partial<SessionState> } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const actions = opts.actions ?? mockActions();
  const session: SessionState = { loggedIn: false, isTrial: false, isAgent: false, ...opts.session };
  const i18n = testI18n();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionContext.Provider value={session}>
          <UiActionsContext.Provider value={actions}>
            <MemoryRouter initialEntries={[opts.path ?? '/']}>
              <Routes>
                <Route path={opts.route ?? '*'} element={ui} />
              </Routes>
            </MemoryRouter>
          </UiActionsContext.Provider>
        </SessionContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, actions, queryClient, i18n };
}
