// Test helpers for the slot and crash screens (test files only): a game
// shell context like the frame's, real EN strings, and a fetch stub that
// answers Palaro envelopes and records each request with its headers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import enSlotcrash from '@palaro/i18n/locales/EN/slotcrash.json';
import enOriginals from '@palaro/i18n/locales/EN/originals.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import { formatMinor } from '@/lib/format';
import { GameShellContext, type GameShell } from '../shell';
import type { InhouseConfig } from '../api';

export const testConfig: InhouseConfig = {
  currency: 'PHP',
  games: { slot: { minBet: 100, maxBet: 100000 }, crash: { minBet: 100, maxBet: 100000 } },
  slot: {
    profile: '96',
    paylines: [],
    symbols: ['WILD', 'SCATTER', 'JEEPNEY', 'CARABAO', 'SAMPAGUITA', 'A', 'K', 'Q', 'J', '10'],
    paytable: { K: [0, 0, 0, 100000, 300000, 1200000], SCATTER: [0, 0, 0, 400000, 2000000, 10000000] },
  },
};

export function renderGame(ui: ReactElement, over: Partial<GameShell> = {}) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { slotcrash: enSlotcrash, originals: enOriginals, common: enCommon, errors: {} } },
    defaultNS: 'slotcrash',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  const balances: number[] = [];
  const errors: unknown[] = [];
  const shell: GameShell = {
    game: 'slot',
    config: testConfig,
    token: 'tok',
    limits: { minBet: 100, maxBet: 100000 },
    balance: 100000,
    currency: 'PHP',
    decimals: 2,
    formatMoney: (m) => `₱${formatMinor(m, 2)}`,
    setBalance: (m) => balances.push(m),
    muted: true,
    play: vi.fn(),
    reducedMotion: true,
    showError: (e) => errors.push(e),
    clearError: () => {},
    roundChanged: vi.fn(),
    active: [],
    openSeeds: () => {},
    openHistory: () => {},
    ...over,
  };
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = (s: GameShell) => (
    <QueryClientProvider client={qc}>
      <I18nextProvider i18n={i18n}>
        <GameShellContext.Provider value={s}>{ui}</GameShellContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const result = render(view(shell));
  return { ...result, shell, balances, errors, queryClient: qc, rerenderShell: (o: Partial<GameShell>) => result.rerender(view({ ...shell, ...o })) };
}

export type Call = { path: string; method: string; body: unknown; headers: Record<string, string> };

/** Stubs fetch: handlers by path answer {success, value} (a thrown {code,status} answers an error envelope). */
export function stubApi(handlers: Record<string, (body: unknown, n: number) => unknown>) {
  const calls: Call[] = [];
  const count: Record<string, number> = {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body, headers: (init?.headers ?? {}) as Record<string, string> });
    const h = handlers[url.pathname];
    count[url.pathname] = (count[url.pathname] ?? 0) + 1;
    if (!h) return new Response(JSON.stringify({ success: false, code: 'request.not_found', message: '', value: null }), { status: 404 });
    try {
      return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: h(body, count[url.pathname]) }), { status: 200 });
    } catch (e) {
      const err = e as { code?: string; status?: number };
      return new Response(JSON.stringify({ success: false, code: err.code ?? 'server.internal', message: '', value: null }), { status: err.status ?? 500 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, to: (p: string) => calls.filter((c) => c.path === p) };
}
