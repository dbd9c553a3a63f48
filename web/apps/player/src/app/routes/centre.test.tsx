import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { game, lanes, pagedGames, statusValue } from '@/features/catalog/fixtures';
import { mockApi, renderWithProviders } from '@/test/harness';
import CentreRoute, { centreCategory } from './centre';

const api = (extra: Record<string, (p: URLSearchParams) => unknown> = {}) =>
  mockApi({
    '/wps/system/status': () => statusValue,
    '/wps/relay/vendorLanes': () => ({ lanes }),
    '/wps/relay/gameList': pagedGames(60),
    ...extra,
  });

test('centre category comes from the path, /inHouse and /bgs included', () => {
  expect(centreCategory('/esports')).toBe('ESPORTS');
  expect(centreCategory('/inHouse')).toBe('INHOUSE');
  expect(centreCategory('/bgs')).toBe('BGS');
  expect(centreCategory('/nope')).toBeUndefined();
});

test('/esports lists the e-sports vendor reshaped out of SPORTS; /sports no longer lists it', async () => {
  api();
  renderWithProviders(<CentreRoute />, { path: '/esports' });
  expect(await screen.findByRole('heading', { name: 'IMES Games' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'PSB Games' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Play IMES Games' })).toBeInTheDocument();
});

test('/sports shows its remaining vendors with play-now that launches', async () => {
  api();
  const { actions } = renderWithProviders(<CentreRoute />, { path: '/sports' });
  await userEvent.click(await screen.findByRole('button', { name: 'Play PSB Games' }));
  expect(actions.launch).toHaveBeenCalledWith(expect.objectContaining({ vassalage: 'PSB', gameType: 'SPORTS' }));
  expect(screen.queryByRole('heading', { name: 'IMES Games' })).toBeNull();
});

test('/rng filters by its own vendors only; BGS moved to in-house', async () => {
  const m = api();
  renderWithProviders(<CentreRoute />, { path: '/rng' });
  const vendors = await screen.findByRole('group', { name: 'Providers' });
  expect(within(vendors).getAllByRole('button').map((b) => b.textContent)).toEqual(['All providers', 'PG Games', 'JL Games']);
  await screen.findAllByRole('heading', { name: /^Game 10/ });
  const call = m.callsTo('/wps/relay/gameList')[0];
  expect(call.params.get('gameType')).toBe('RNG');
  expect(call.params.get('vassalage')).toBe('PG,JL');
  expect(call.params.get('language')).toBe('EN');
});

test.each(['/inHouse', '/bgs'])('%s lists the in-house vendor games', async (path) => {
  const m = api({ '/wps/relay/gameList': pagedGames(3, { vassalage: 'BGS' }) });
  renderWithProviders(<CentreRoute />, { path });
  expect(await screen.findByRole('heading', { level: 1, name: 'In-house' })).toBeInTheDocument();
  await screen.findAllByRole('heading', { name: /^Game 100/ });
  const call = m.callsTo('/wps/relay/gameList')[0];
  expect(call.params.get('vassalage')).toBe('BGS');
  expect(call.params.get('gameType')).toBeNull();
});

test('load more appends the next 24 and shows x of y', async () => {
  api();
  renderWithProviders(<CentreRoute />, { path: '/live' });
  expect(await screen.findByText('Showing 24 of 60')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(24);
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('Showing 48 of 60')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(48);
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('Showing 60 of 60')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
}, 20_000);

test('search is debounced by 300 ms and sends one keyword', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    const m = api();
    renderWithProviders(<CentreRoute />, { path: '/live' });
    await screen.findByText('Showing 24 of 60');
    const box = screen.getByRole('searchbox', { name: 'Search games by name' });
    fireEvent.change(box, { target: { value: 'l' } });
    fireEvent.change(box, { target: { value: 'la' } });
    fireEvent.change(box, { target: { value: 'lan' } });
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(m.callsTo('/wps/relay/gameList').filter((c) => c.params.has('keyword'))).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(m.callsTo('/wps/relay/gameList').filter((c) => c.params.has('keyword'))).toHaveLength(1));
    expect(m.callsTo('/wps/relay/gameList').find((c) => c.params.has('keyword'))!.params.get('keyword')).toBe('lan');
  } finally {
    vi.useRealTimers();
  }
});

test('visitors see ALL, HOT, NEW; members also FAV and RECENT; bingo chip offered for a TY brand', async () => {
  api();
  const { unmount } = renderWithProviders(<CentreRoute />, { path: '/live' });
  const sel = await screen.findByRole('group', { name: 'Show' });
  expect(within(sel).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Popular', 'New']);
  expect(await within(screen.getByRole('group', { name: 'Game type' })).findByRole('button', { name: 'Bingo' })).toBeInTheDocument();
  unmount();
  api({ '/wps/relay/favoriteIds': () => ({ list: [] }) });
  renderWithProviders(<CentreRoute />, { path: '/live', session: { loggedIn: true } });
  const sel2 = await screen.findByRole('group', { name: 'Show' });
  expect(within(sel2).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Popular', 'New', 'Favourites', 'Recent']);
});

test('an empty result says so', async () => {
  api({ '/wps/relay/gameList': () => ({ games: [], pageNo: 1, pageSize: 24, total: 0, totalPages: 0 }) });
  renderWithProviders(<CentreRoute />, { path: '/live' });
  expect(await screen.findByText('No games found')).toBeInTheDocument();
});

test('a failed list offers retry', async () => {
  let fail = true;
  mockApi({
    '/wps/system/status': () => statusValue,
    '/wps/relay/vendorLanes': () => ({ lanes }),
    '/wps/relay/gameList': (p) => {
      if (fail) throw new Error('down');
      return pagedGames(5)(p);
    },
  });
  renderWithProviders(<CentreRoute />, { path: '/live' });
  const alert = await screen.findByRole('alert');
  fail = false;
  await userEvent.click(within(alert).getByRole('button'));
  expect(await screen.findByText('Showing 5 of 5')).toBeInTheDocument();
});

test('a vendor chip narrows the list to that vendor', async () => {
  const m = api();
  renderWithProviders(<CentreRoute />, { path: '/rng' });
  await userEvent.click(await screen.findByRole('button', { name: 'JL Games' }));
  await waitFor(() => expect(m.callsTo('/wps/relay/gameList').some((c) => c.params.get('vassalage') === 'JL')).toBe(true));
  expect(screen.getByRole('button', { name: 'JL Games' })).toHaveAttribute('aria-pressed', 'true');
  void game;
});
