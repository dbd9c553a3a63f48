import { screen, waitFor } from '@testing-library/react';
import { game, lanes, pagedGames, statusValue } from '@/features/catalog/fixtures';
import { mockApi, renderWithProviders } from '@/test/harness';
import HomeRoute from './home';

const announcements = {
  banners: [{ id: 1, groupName: 'w_home', title: 'Welcome', url: '/art/banner/1.svg', linkageType: 'NONE', linkTarget: '', sequence: 1 }],
  player: [{ id: 7, title: 'Scheduled maintenance', content: '<p>x</p>', time: 1 }],
  popup: [],
  promotion: [],
  headline: [],
};

const api = () =>
  mockApi({
    '/wps/system/status': () => statusValue,
    '/wps/relay/vendorLanes': () => ({ lanes }),
    '/wps/relay/gameList': pagedGames(6),
    '/wps/relay/announcements': () => announcements,
    '/wps/relay/winners': () => ({ list: [] }),
    '/wps/relay/recentGames': () => ({ list: [game(501, { nodeName: 'Recent One' })] }),
    '/wps/relay/favoriteList': () => ({ content: [game(502, { nodeName: 'Fav One' })], pageNum: 1, totalPages: 1 }),
    '/wps/relay/favoriteIds': () => ({ list: [502] }),
  });

test('visitors get the public home without account sections', async () => {
  const m = api();
  renderWithProviders(<HomeRoute />);
  expect(await screen.findByRole('img', { name: 'Welcome' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Scheduled maintenance' })).toBeInTheDocument();
  // Category sections render just after the first paint (their own task).
  await waitFor(() =>
    expect(screen.getAllByRole('link', { name: /^See all/ }).map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/rng', '/live', '/sports', '/elott']),
    ),
  );
  expect(await screen.findByRole('heading', { name: 'TCG_LOTTO_VN Games' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Recently played' })).toBeNull();
  expect(m.callsTo('/wps/relay/recentGames')).toHaveLength(0);
  expect(m.callsTo('/wps/relay/announcements')[0].params.get('execution')).toBe('B');
});

test('members also see recent and favourite games', async () => {
  const m = api();
  renderWithProviders(<HomeRoute />, { session: { loggedIn: true } });
  expect(await screen.findByRole('heading', { name: 'Recent One' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Fav One' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Your favourites' })).toBeInTheDocument();
  expect(m.callsTo('/wps/relay/announcements')[0].params.get('execution')).toBe('A');
});
