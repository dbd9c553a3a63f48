import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { newMember, openAs, playerToken } from '../lib/money';

// Favourites and recent games (spec sections 2 and 4, issue 5): the star on a
// game tile adds and removes a favourite (throttled to once a second), the
// /favorite page lists them, a launch puts the game on /recent and the home
// page's "Recently played" section; visitors pressing a star get the login prompt.
test.describe.configure({ timeout: 90_000 });
const LOAD = { timeout: 20_000 };

type Game = { nodeId: number; nodeName: string; gameName: string; vassalage: string; gameType: string; maintenance: boolean };

async function rngGames(request: APIRequestContext, n: number): Promise<Game[]> {
  const res = await request.get(`/wps/relay/gameList?gameType=RNG&pageNo=1&pageSize=24&language=EN`);
  const body = await res.json();
  return (body.value.games as Game[]).filter((g) => !g.maintenance).slice(0, n);
}

async function signedIn(page: Page, request: APIRequestContext) {
  const m = newMember('g4');
  const token = await playerToken(request, m.username);
  await openAs(page, token, m.username);
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
  return { ...m, token };
}

async function closeWelcome(page: Page) {
  const toast = page.getByTestId('welcome-toast');
  if (await toast.isVisible()) await toast.getByRole('button').click();
}

const tile = (page: Page, name: string) => page.locator('.cat-tile', { has: page.getByRole('heading', { name, exact: true }) }).first();

async function favouriteIds(request: APIRequestContext, token: string): Promise<number[]> {
  const res = await request.get('/wps/relay/favoriteIds', { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value.list;
}

test('a member adds a favourite from a tile, sees it on /favorite and removes it there @phone', async ({ page, request }) => {
  const m = await signedIn(page, request);
  const [g] = await rngGames(request, 1);
  const name = g.nodeName || g.gameName;

  await page.goto('/rng');
  await closeWelcome(page);
  const star = tile(page, name).getByRole('button', { name: `Add ${name} to favourites` });
  await expect(star).toBeVisible(LOAD);
  await star.click();
  await expect(tile(page, name).getByRole('button', { name: `Remove ${name} from favourites` })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => favouriteIds(request, m.token), LOAD).toEqual([g.nodeId]);

  await page.goto('/favorite');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourite games' })).toBeVisible(LOAD);
  const fav = tile(page, name);
  await expect(fav).toBeVisible(LOAD);
  // The toggle is throttled to once a second: wait it out before removing.
  await page.waitForTimeout(1100);
  await fav.getByRole('button', { name: `Remove ${name} from favourites` }).click();
  await expect(page.getByText('You have no favourite games yet.', { exact: false })).toBeVisible(LOAD);
  await expect.poll(() => favouriteIds(request, m.token), LOAD).toEqual([]);
});

test('a second press within a second is ignored; the list loads more by pages', async ({ page, request }) => {
  const m = await signedIn(page, request);
  const games = await rngGames(request, 2);
  const [a, b] = games.map((g) => g.nodeName || g.gameName);

  await page.goto('/rng');
  await closeWelcome(page);
  await tile(page, a).getByRole('button', { name: `Add ${a} to favourites` }).click();
  await tile(page, b).getByRole('button', { name: `Add ${b} to favourites` }).click(); // inside the second: dropped
  await expect(tile(page, a).getByRole('button', { name: `Remove ${a} from favourites` })).toBeVisible();
  await expect(tile(page, b).getByRole('button', { name: `Add ${b} to favourites` })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => favouriteIds(request, m.token), LOAD).toEqual([games[0].nodeId]);

  // 30 favourites through the API: the page shows 24, "Load more" appends the rest.
  const all = await request.get('/wps/relay/gameList?pageNo=1&pageSize=60&language=EN');
  const list = ((await all.json()).value.games as Game[]).filter((g) => g.nodeId !== games[0].nodeId).slice(0, 29);
  for (const g of list) {
    const res = await request.post('/wps/relay/favorite', { headers: { Authorization: `Bearer ${m.token}` }, data: { nodeId: g.nodeId, vendor: g.vassalage, gameType: g.gameType } });
    expect((await res.json()).code).toBe('ok');
  }
  await page.goto('/favorite');
  const grid = page.locator('section[aria-labelledby="account-favorite"] .cat-tile');
  await expect(grid).toHaveCount(24, LOAD);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(grid).toHaveCount(30, LOAD);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('a launched game appears on /recent and in the home page section', async ({ page, request }) => {
  const m = await signedIn(page, request);
  const games = await rngGames(request, 2);
  for (const g of games) {
    const res = await request.get(`/wps/game/launchGame?nodeId=${g.nodeId}&language=EN&device=WEB`, { headers: { Authorization: `Bearer ${m.token}` } });
    const body = await res.json();
    expect(body.code, JSON.stringify(body)).toBe('ok');
  }
  const res = await request.get('/wps/relay/recentGames?pageNo=1&pageSize=20&clientType=3', { headers: { Authorization: `Bearer ${m.token}` } });
  const recent = (await res.json()).value.list as Game[];
  expect(recent.map((g) => g.nodeId)).toEqual([games[1].nodeId, games[0].nodeId]);

  const newest = games[1].nodeName || games[1].gameName;
  await page.goto('/recent');
  await closeWelcome(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Recently played' })).toBeVisible(LOAD);
  await expect(page.locator('section[aria-labelledby="account-recent"] .cat-tile h3').first()).toHaveText(newest, LOAD);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Recently played' }).getByRole('heading', { name: newest })).toBeVisible(LOAD);
});

test('a visitor pressing a star gets the login prompt', async ({ page, request }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    sessionStorage.setItem('popupClosed:anonymous', '1');
  });
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
  const [g] = await rngGames(request, 1);
  const name = g.nodeName || g.gameName;
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/wps/relay/favorite') && r.method() !== 'GET') sent = true;
  });
  await page.goto('/rng');
  await tile(page, name).getByRole('button', { name: `Add ${name} to favourites` }).click();
  await expect(page.getByTestId('not-logged-in')).toBeVisible(LOAD);
  expect(sent).toBe(false);
  // /favorite itself is for members only: the visitor lands on the home page
  // with the login popup (/login passes its popup on and moves to /, so the
  // address shows /login only for a moment).
  await page.goto('/favorite');
  await expect(page.getByTestId('login-modal')).toBeVisible(LOAD);
  await expect(page).toHaveURL(/\/$/, LOAD);
});
