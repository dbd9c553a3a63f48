// Test helpers for the wallet and messages pages: real EN strings of the
// namespaces they use, a query client without retries, a memory router, a
// logged-in demo01 session (the real session store), and a fetch stub that
// records method, path, query, headers and body and answers envelopes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enLayout from '@palaro/i18n/locales/EN/layout.json';
import enWallet from '@palaro/i18n/locales/EN/wallet.json';
import { establishSession, type LoginResult } from '@/lib/session';

export function walletI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { common: enCommon, errors: enErrors, layout: enLayout, wallet: enWallet } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

export function loginResult(type = 0): LoginResult {
  return {
    token: `tok-${type}`,
    firstTimeLogin: false,
    passwordExpired: false,
    defaultPassword: false,
    previousLoginTime: null,
    expiresAt: Date.now() + 3600_000,
    userInfo: { id: 3, account: 'demo01', username: 'demo01', nickname: '', type, isAgent: false, isTrial: type === 4, email: '', mobileNum: '', countryDialingCode: '', payeeName: '', createdTime: 1, lastLoginTime: 2 },
  } as LoginResult;
}

export const loginDemo = (type = 0) => establishSession(loginResult(type));

export type Call = { method: string; path: string; params: URLSearchParams; headers: Record<string, string>; body: unknown };
export type Answer = { status?: number; value?: unknown; code?: string; raw?: Response };
type Handler = (c: Call) => Answer | unknown;

/** Stubs fetch. A handler returns a value (200 envelope) or {status, code} for an error, or {raw} for a non-JSON answer. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(Object.entries((init?.headers as Record<string, string>) ?? {}));
    let body: unknown;
    try {
      body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      body = init?.body;
    }
    const call = { method, path: url.pathname, params: url.searchParams, headers, body };
    calls.push(call);
    const h = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    if (!h) return Response.json({ success: false, code: 'request.not_found', message: '', value: null }, { status: 404 });
    const a = (await h(call)) as Answer;
    if (a && typeof a === 'object' && 'raw' in a && a.raw) return a.raw;
    if (a && typeof a === 'object' && 'status' in a && typeof a.status === 'number' && a.status >= 400) {
      return Response.json({ success: false, code: a.code ?? 'server.internal', message: '', value: null }, { status: a.status });
    }
    const value = a && typeof a === 'object' && 'value' in a ? a.value : a;
    return Response.json({ success: true, code: 'ok', message: '', value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

/**
 * Renders ui at path with the given strings, a query client without retries
 * and a location readout (`data-testid="location"`). With `loaderMs`, under a
 * data router whose route loader takes that long, as the app's member routes
 * have: a filter change is then a navigation that stays pending for a while,
 * and the page must not lose a second change made meanwhile.
 */
export function renderRouted(ui: ReactElement, i18n: i18n, opts: { path?: string; loaderMs?: number } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = opts.path ?? '/';
  let tree: ReactElement;
  if (opts.loaderMs !== undefined) {
    const ms = opts.loaderMs;
    const router = createMemoryRouter(
      [{ path: '*', loader: () => new Promise((r) => setTimeout(() => r(null), ms)), element: <Suspense fallback={null}>{ui}<Where /></Suspense> }],
      { initialEntries: [path] },
    );
    tree = <RouterProvider router={router} />;
  } else {
    tree = (
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="*" element={<>{ui}<Where /></>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    );
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{tree}</I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function renderPage(ui: ReactElement, opts: { path?: string; loaderMs?: number } = {}) {
  return renderRouted(ui, walletI18n(), opts);
}
