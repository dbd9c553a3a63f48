import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import enGames from '@palaro/i18n/locales/EN/games.json';
import { game, statusValue } from '@/features/catalog/fixtures';
import { mockApi, renderWithProviders } from '@/test/harness';
import MemberArea from './member-area';

/** The harness boots the boot namespaces only; the pages use the lazy `games` one. */
function WithGames({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('EN', 'games')) i18n.addResourceBundle('EN', 'games', enGames);
  return <>{children}</>;
}

const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => game(from + i, { nodeName: `Fav ${from + i}` }));

test('/favorite lists the favourites and loads more by appending the next page', async () => {
  const api = mockApi({
    '/wps/system/status': () => statusValue,
    '/wps/relay/favoriteIds': () => ({ list: [] }),
    '/wps/relay/hotGames': () => ({ list: [game(900, { nodeName: 'Hot One' })] }),
    '/wps/relay/favoriteList': (p) =>
      p.get('pageNo') === '1' ? { content: page(1, 24), pageNum: 1, totalPages: 2 } : { content: page(25, 3), pageNum: 2, totalPages: 2 },
  });
  renderWithProviders(
    <WithGames>
      <MemberArea />
    </WithGames>,
    { path: '/favorite', session: { loggedIn: true } },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Favourite games' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Fav 24' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Fav 25' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('heading', { name: 'Fav 27' })).toBeInTheDocument();
  // Appended: the first page is still there, and there is nothing more to load.
  expect(screen.getByRole('heading', { name: 'Fav 1' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  expect(api.callsTo('/wps/relay/favoriteList').map((c) => c.params.get('pageNo'))).toEqual(['1', '2']);
  // The hot games come along, fetched once.
  expect(await screen.findByRole('heading', { name: 'Hot One' })).toBeInTheDocument();
  expect(api.callsTo('/wps/relay/hotGames')).toHaveLength(1);
});

test('/recent shows the empty state, and the hot games refresh on demand', async () => {
  const api = mockApi({
    '/wps/system/status': () => statusValue,
    '/wps/relay/favoriteIds': () => ({ list: [] }),
    '/wps/relay/hotGames': () => ({ list: [game(900, { nodeName: 'Hot One' })] }),
    '/wps/relay/recentGames': () => ({ list: [], pageNum: 1, totalPages: 0 }),
  });
  renderWithProviders(
    <WithGames>
      <MemberArea />
    </WithGames>,
    { path: '/recent', session: { loggedIn: true } },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Recently played' })).toBeInTheDocument();
  expect(await screen.findByText('Games you play will appear here.')).toBeInTheDocument();
  expect(api.callsTo('/wps/relay/recentGames')[0].params.get('pageSize')).toBe('20');
  await screen.findByRole('heading', { name: 'Hot One' });
  await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() => expect(api.callsTo('/wps/relay/hotGames')).toHaveLength(2));
});
