// Console test harness: the real EN strings, a fresh query client, a memory
// router, and a fetch stub that answers Palaro envelopes by method and path.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@palaro/ui';
import { CONSOLE_NAMESPACES } from '@palaro/i18n/src/languages';

const enFiles = import.meta.glob<Record<string, unknown>>('../../../../packages/i18n/locales/EN/console*.json', { eager: true, import: 'default' });
/** Every console namespace's EN strings, by namespace. */
const en = Object.fromEntries(
  CONSOLE_NAMESPACES.map((ns) => [ns, enFiles[`../../../../packages/i18n/locales/EN/${ns}.json`] ?? {}]),
);

export function testI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: en },
    ns: [...CONSOLE_NAMESPACES],
    defaultNS: 'console',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

export type Answer = { status?: number; value?: unknown; code?: string };
type Handler = (body: unknown, url: URL) => Answer;

/** fetch answering {success, code, value} per "METHOD /path"; every call is recorded with its parsed body. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; url: URL; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const h = handlers[`${method} ${url.pathname}`];
    const a: Answer = h ? h(body, url) : { status: 404, code: 'request.not_found' };
    const ok = (a.status ?? 200) < 300 && !a.code;
    return new Response(JSON.stringify({ success: ok, code: a.code ?? 'ok', message: '', value: a.value ?? null }), { status: a.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderWith(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={testI18n()}>
      <QueryClientProvider client={client}>
        <ToastProvider dismissLabel="Dismiss">
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
