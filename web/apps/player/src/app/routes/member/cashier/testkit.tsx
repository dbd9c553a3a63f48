// Test kit for the cashier pages: real EN strings, a fresh query client
// without retries, a memory router, and a fetch stub that answers Palaro
// envelopes per "METHOD /path" and records every request (headers, body).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import enAuth from '@palaro/i18n/locales/EN/auth.json';
import enCashier from '@palaro/i18n/locales/EN/cashier.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enLayout from '@palaro/i18n/locales/EN/layout.json';
import enMember from '@palaro/i18n/locales/EN/member.json';

export function cashierI18n() {
  const inst = i18next.createInstance();
  void inst.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { auth: enAuth, cashier: enCashier, common: enCommon, errors: enErrors, layout: enLayout, member: enMember } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof inst.init>[0]);
  return inst;
}

export type Call = { method: string; path: string; params: URLSearchParams; headers: Headers; body: unknown };
type Reply = { status?: number; value?: unknown; code?: string; params?: Record<string, unknown> };
type Answer = Reply | ((call: Call) => Reply | Promise<never>);

/** Stubs fetch. Keys are "GET /wps/..."; an answer with status >= 400 is an error envelope with `code` (and `params`). */
export function stubApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const method = init?.method ?? 'GET';
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call: Call = { method, path: url.pathname, params: url.searchParams, headers: new Headers(init?.headers), body };
    calls.push(call);
    const r = routes[`${method} ${url.pathname}`];
    if (!r) return Response.json({ success: false, code: 'request.not_found', message: '', value: null }, { status: 404 });
    const a = typeof r === 'function' ? await r(call) : r;
    const status = a.status ?? 200;
    if (status >= 400) return Response.json({ success: false, code: a.code ?? 'server.internal', message: '', value: null, params: a.params }, { status });
    return Response.json({ success: true, code: 'ok', message: '', value: a.value ?? null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export function renderPage(ui: ReactElement, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={cashierI18n()}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route path="*" element={<>{ui}<Where /></>} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
export const pngFile = (name = 'receipt.png') => new File([PNG_BYTES], name, { type: 'image/png' });
