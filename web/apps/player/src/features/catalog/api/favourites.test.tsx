import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/harness';
import { game } from '../fixtures';
import { GameGrid } from '../components/Grids';
import { FAVOURITE_THROTTLE_MS } from './favourites';

const json = (status: number, value: unknown, code = 'ok') =>
  new Response(JSON.stringify({ success: status === 200, code, message: '', value }), { status });

/** Date.now under the test's control (the throttle reads it). */
function clock(start = 1_000_000) {
  let now = start;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  return { advance: (ms: number) => (now += ms) };
}

afterEach(() => vi.restoreAllMocks());

const star = (name: string) => screen.getByRole('button', { name: new RegExp(`${name} (to|from) favourites`) });

test('the toggle fires at most once per second; a second press inside the window is ignored', async () => {
  const c = clock();
  let ids: number[] = [];
  const api = mockApi({
    '/wps/relay/favoriteIds': () => ({ list: ids }),
    '/wps/relay/favorite': (params, init) => {
      if (init?.method === 'POST') ids = [...ids, Number(JSON.parse(String(init.body)).nodeId)];
      else ids = ids.filter((id) => id !== Number(params.get('nodeId')));
      return {};
    },
  });
  renderWithProviders(<GameGrid games={[game(1, { nodeName: 'Alpha' }), game(2, { nodeName: 'Beta' })]} />, { session: { loggedIn: true } });
  await waitFor(() => expect(api.callsTo('/wps/relay/favoriteIds')).toHaveLength(1));

  fireEvent.click(star('Alpha'));
  await waitFor(() => expect(star('Alpha')).toHaveAttribute('aria-pressed', 'true'));
  const post = api.callsTo('/wps/relay/favorite');
  expect(post).toHaveLength(1);
  expect(post[0].method).toBe('POST');

  // 500 ms later: another press (on any tile) is dropped.
  c.advance(FAVOURITE_THROTTLE_MS / 2);
  fireEvent.click(star('Alpha'));
  fireEvent.click(star('Beta'));
  await new Promise((r) => setTimeout(r, 50));
  expect(api.callsTo('/wps/relay/favorite')).toHaveLength(1);
  expect(star('Alpha')).toHaveAttribute('aria-pressed', 'true');
  expect(star('Beta')).toHaveAttribute('aria-pressed', 'false');

  // Past the window: the press goes through and, the game being a favourite, removes it.
  c.advance(FAVOURITE_THROTTLE_MS);
  fireEvent.click(star('Alpha'));
  await waitFor(() => expect(star('Alpha')).toHaveAttribute('aria-pressed', 'false'));
  const calls = api.callsTo('/wps/relay/favorite');
  expect(calls).toHaveLength(2);
  expect(calls[1].method).toBe('DELETE');
  expect(calls[1].params.get('nodeId')).toBe('1');
});

test('the star turns on before the server answers and back off when the add fails', async () => {
  clock();
  const api = mockApi({ '/wps/relay/favoriteIds': () => ({ list: [] }) });
  const base = api.fetchMock.getMockImplementation()!;
  let failAdd!: () => void;
  const addAnswered = new Promise<void>((r) => (failAdd = r));
  let idsCalls = 0;
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://test.local').pathname;
    if (path === '/wps/relay/favorite') {
      api.calls.push({ path, params: new URLSearchParams(), method: init?.method ?? 'GET' });
      await addAnswered;
      return json(500, null, 'server.internal');
    }
    // After the first load, the ids never answer again: only the rollback can turn the star off.
    if (path === '/wps/relay/favoriteIds' && ++idsCalls > 1) return new Promise<Response>(() => {});
    return base(input, init);
  });
  renderWithProviders(<GameGrid games={[game(9, { nodeName: 'Gamma' })]} />, { session: { loggedIn: true } });
  await waitFor(() => expect(idsCalls).toBe(1));

  fireEvent.click(star('Gamma'));
  // Local state first: on while the request is still in flight.
  await waitFor(() => expect(star('Gamma')).toHaveAttribute('aria-pressed', 'true'));
  expect(api.callsTo('/wps/relay/favorite')).toHaveLength(1);

  failAdd();
  await waitFor(() => expect(star('Gamma')).toHaveAttribute('aria-pressed', 'false'));
});

test('a favourite is removed, never added again, when its star is pressed', async () => {
  clock();
  const api = mockApi({ '/wps/relay/favoriteIds': () => ({ list: [4] }), '/wps/relay/favorite': () => ({}) });
  renderWithProviders(<GameGrid games={[game(4, { nodeName: 'Delta' })]} />, { session: { loggedIn: true } });
  await waitFor(() => expect(star('Delta')).toHaveAttribute('aria-pressed', 'true'));
  fireEvent.click(star('Delta'));
  await waitFor(() => expect(api.callsTo('/wps/relay/favorite')).toHaveLength(1));
  expect(api.callsTo('/wps/relay/favorite')[0].method).toBe('DELETE');
});
