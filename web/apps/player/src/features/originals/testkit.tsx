// Test helpers for the originals: real EN strings of the originals namespace,
// a fresh query client, a memory router and an envelope fetch stub that also
// records methods, bodies and headers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import enOriginals from '@palaro/i18n/locales/EN/originals.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';

// jsdom on a busy machine: lazy game chunks and animations can take a while.
configure({ asyncUtilTimeout: 5000 });

export function renderOriginals(ui: ReactElement) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { originals: enOriginals, common: enCommon, errors: {} } },
    defaultNS: 'originals',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Answer = unknown | ((body: unknown, call: Call) => unknown);

/** "METHOD /path" -> value (or a function of the body); {error: code, status} answers an envelope error. */
export function mockInhouse(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { method, path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const h = routes[`${method} ${url.pathname}`];
    if (h === undefined) return new Response(JSON.stringify({ success: false, code: 'request.not_found', message: '', value: null }), { status: 404 });
    const v = typeof h === 'function' ? (h as (b: unknown, c: Call) => unknown)(body, call) : h;
    if (v && typeof v === 'object' && 'error' in v) {
      const e = v as { error: string; status?: number };
      return new Response(JSON.stringify({ success: false, code: e.error, message: '', value: null }), { status: e.status ?? 400 });
    }
    return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: v }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** prefers-reduced-motion: reduce, so animations settle at once in jsdom. */
export function reducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })),
  );
}

export const CONFIG = {
  currency: 'PHP',
  decimals: 2,
  games: { dice: { minBet: 100, maxBet: 1_000_000 }, plinko: { minBet: 100, maxBet: 1_000_000 }, mines: { minBet: 100, maxBet: 1_000_000 } },
  plinko: { rows: [8], risks: ['low', 'medium', 'high'], tables: { '12:medium': [330000, 110000, 40000, 20000, 14000, 11000, 5000, 11000, 14000, 20000, 40000, 110000, 330000] } },
  mines: { sizes: [3, 4, 5, 6, 7, 8], defaultSize: 5 },
};

export const BALANCE = { balance: 100_000, currency: 'PHP', currencySymbol: '₱', decimals: 2 };
