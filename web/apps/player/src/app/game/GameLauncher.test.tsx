import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import enGames from '@palaro/i18n/locales/EN/games.json';
import { game, statusValue } from '@/features/catalog/fixtures';
import { statusQuery } from '@/features/system/api/status';
import { testI18n } from '@/test/harness';
import type { GameRequest } from '../modals/UiActionsProvider';
import GameLauncher from './GameLauncher';

type Answer = { status: number; body: unknown };
const ok = (value: unknown): Answer => ({ status: 200, body: { success: true, code: 'ok', message: '', value } });
const fail = (status: number, code: string): Answer => ({ status, body: { success: false, code, message: code, value: null } });

/** Stubs the network (not our code): each path answers from the table; calls are kept. */
function network(table: Record<string, (p: URLSearchParams) => Answer>) {
  const calls: { path: string; params: URLSearchParams }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://test.local');
      calls.push({ path: url.pathname, params: url.searchParams });
      const a = table[url.pathname]?.(url.searchParams) ?? fail(404, 'request.not_found');
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  return calls;
}

function setup(request: GameRequest) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(statusQuery().queryKey, statusValue as never);
  const i18n = testI18n();
  i18n.addResourceBundle('EN', 'games', enGames);
  const props = { set: vi.fn(), launch: vi.fn(), navigate: vi.fn() };
  const ui = (r: GameRequest | null) => (
    <QueryClientProvider client={qc}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <GameLauncher request={r} {...props} />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const view = render(ui(request));
  // What the popup asked of the provider.
  const was = (patch: object) => props.set.mock.calls.some(([p]) => JSON.stringify(p) === JSON.stringify(patch));
  return {
    ...props,
    onClose: () => was({ game: null }),
    onLogin: () => was({ game: null, notLoggedIn: true }),
    onTrial: () => was({ game: null, trialBlock: true }),
    rerender: (r: GameRequest | null) => view.rerender(ui(r)),
  };
}

const slot = { nodeId: 11, vassalage: 'PG', gameType: 'RNG', gameCode: 'PG_11', name: 'Lucky Lanterns' };

afterEach(() => vi.unstubAllGlobals());

test('shows a loading state, then the game in an iframe; closing calls onClose', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const calls = network({ '/wps/game/launchGame': () => ok({ url: '/sandbox/games/play?t=abc', mode: 'IFRAME' }) });
  const origFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (...a: Parameters<typeof fetch>) => {
    await gate;
    return origFetch(...a);
  });
  const p = setup({ seq: 1, target: slot, win: null });
  expect(await screen.findByTestId('game-loading')).toHaveTextContent('Starting Lucky Lanterns');
  release();
  const frame = await screen.findByTestId('game-frame');
  expect(frame).toHaveAttribute('src', '/sandbox/games/play?t=abc');
  expect(frame).toHaveAttribute('title', 'Lucky Lanterns game');
  expect(calls[0].params.get('gameCode')).toBe('PG_11');
  expect(calls[0].params.get('vendor')).toBe('PG');
  expect(calls[0].params.get('device')).toBe('WEB');
  await userEvent.click(screen.getByRole('button', { name: /close/i }));
  expect(p.onClose()).toBe(true);
});

test('a WINDOW answer navigates the window opened on the click and closes the popup', async () => {
  network({ '/wps/game/launchGame': () => ok({ url: '/sandbox/games/play?t=w', mode: 'WINDOW' }) });
  const win = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
  const p = setup({ seq: 2, target: { ...slot, launchMode: 'window' }, win: win as unknown as Window });
  await waitFor(() => expect(p.onClose()).toBe(true));
  expect(win.location.href).toBe('/sandbox/games/play?t=w');
  expect(win.close).not.toHaveBeenCalled();
});

test('an error closes the window opened on the click and shows the error with a retry that launches again', async () => {
  let n = 0;
  const calls = network({ '/wps/game/launchGame': () => (++n === 1 ? fail(503, 'launch.vendor_unavailable') : ok({ url: '/g2', mode: 'IFRAME' })) });
  const win = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
  setup({ seq: 3, target: slot, win: win as unknown as Window });
  const err = await screen.findByTestId('game-error');
  expect(err).toHaveTextContent('The game could not be started.');
  expect(err).toHaveTextContent('The game provider is not reachable right now.');
  expect(win.close).toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: /try again/i }));
  expect(await screen.findByTestId('game-frame')).toHaveAttribute('src', '/g2');
  expect(calls.filter((c) => c.path === '/wps/game/launchGame')).toHaveLength(2);
});

test('a visitor gets the login prompt and a trial user the real-account dialog', async () => {
  network({ '/wps/game/launchGame': () => fail(401, 'auth.token_required') });
  const a = setup({ seq: 4, target: slot, win: null });
  await waitFor(() => expect(a.onLogin()).toBe(true));
  expect(a.onTrial()).toBe(false);
  a.rerender(null);

  network({ '/wps/game/launchGame': () => fail(403, 'auth.real_account_required') });
  const b = setup({ seq: 5, target: slot, win: null });
  await waitFor(() => expect(b.onTrial()).toBe(true));
  expect(b.onLogin()).toBe(false);
});

test('maintenance shows recommended games of the category; a recommended game launches', async () => {
  const calls = network({
    '/wps/game/launchGame': () => fail(409, 'launch.maintenance'),
    '/wps/game/recommended': () => ok({ list: [game(21, { nodeName: 'Fiesta Fortune' }), game(22, { showIcon: '', iconUrl: '' })] }),
  });
  const p = setup({ seq: 6, target: slot, win: null });
  const m = await screen.findByTestId('game-maintenance');
  expect(screen.getByRole('heading', { name: 'Game under maintenance' })).toBeInTheDocument();
  expect(m).toHaveTextContent('Lucky Lanterns is under maintenance right now.');
  const cards = await screen.findAllByTestId('game-card');
  expect(cards).toHaveLength(2);
  const rec = calls.find((c) => c.path === '/wps/game/recommended')!;
  expect(rec.params.get('gameType')).toBe('RNG');
  expect(rec.params.get('exclude')).toBe('11');
  // A game without art shows the default icon.
  expect(within(cards[1]).getByTestId('game-card-fallback')).toBeInTheDocument();
  expect(within(cards[0]).queryByTestId('game-card-fallback')).toBeNull();
  await userEvent.click(cards[0]);
  expect(p.launch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 21, gameCode: 'PG_21', name: 'Fiesta Fortune' }));
});

test('a VASSALAGE vendor lists its games without launching; a listed game launches', async () => {
  const calls = network({
    '/wps/relay/gameList': () => ok({ games: [game(31, { vassalage: 'KYQ', gameType: 'PVP', nodeName: 'Tongits Royale' })], total: 1, pageNo: 1, pageSize: 60, totalPages: 1 }),
  });
  const p = setup({ seq: 7, target: { vassalage: 'KYQ', gameType: 'PVP', isGame: 'VASSALAGE', name: 'Kalaro Card Hall' }, win: null });
  expect(await screen.findByRole('heading', { name: 'Kalaro Card Hall games' })).toBeInTheDocument();
  const card = await screen.findByTestId('game-card');
  expect(calls.some((c) => c.path === '/wps/game/launchGame')).toBe(false);
  const list = calls.find((c) => c.path === '/wps/relay/gameList')!;
  expect(list.params.get('vassalage')).toBe('KYQ');
  await userEvent.click(card);
  expect(p.launch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 31, vassalage: 'KYQ', name: 'Tongits Royale' }));
});

test('a broken game image falls back to the default icon', async () => {
  network({
    '/wps/game/launchGame': () => fail(409, 'launch.maintenance'),
    '/wps/game/recommended': () => ok({ list: [game(41)] }),
  });
  setup({ seq: 8, target: slot, win: null });
  const card = await screen.findByTestId('game-card');
  const img = card.querySelector('img')!;
  expect(img).not.toBeNull();
  img.dispatchEvent(new Event('error'));
  await waitFor(() => expect(card.querySelector('img')).toBeNull());
  expect(within(card).getByTestId('game-card-fallback')).toBeInTheDocument();
});

test('lottery games go to their page without a popup or a launch call', async () => {
  const calls = network({});
  const win = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
  const p = setup({ seq: 9, target: { vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', gameCode: 'VN1', launchMode: 'window' }, win: win as unknown as Window });
  await waitFor(() => expect(p.navigate).toHaveBeenCalledWith('/vnLottery?gameCode=VN1'));
  expect(win.close).toHaveBeenCalled();
  expect(screen.queryByTestId('game-popup')).toBeNull();
  expect(calls).toHaveLength(0);
});
