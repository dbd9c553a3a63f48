import { test, expect, type Page } from '../lib/test';
import { mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { credit, newMember, openAs, playerToken, PASSWORD } from '../lib/money';
import { startServer } from '../lib/server';
import { shot } from '../lib/shots';

// Game launching (spec sections 2 and 4, issue 5): from a tile, the header
// drop-down and search into the game popup (the in-binary sandbox vendor's
// page); a window-mode vendor opens a window; visitors get the login prompt,
// trial users the real-account dialog; a vendor under maintenance offers other
// games; a VASSALAGE vendor lists its games; lottery pages embed the lottery;
// a sandbox round moves the header balance.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-W3';
mkdirSync(SHOTS, { recursive: true });
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 20_000 };
const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');

async function member(page: Page, request: Parameters<typeof playerToken>[0], amount = '1000.00') {
  const m = newMember('w3');
  await credit(request, m.id, amount);
  const token = await playerToken(request, m.username);
  await openAs(page, token, m.username);
  return m;
}

async function english(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
    sessionStorage.setItem('popupClosed:anonymous', '1');
  });
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
}

async function closeWelcome(page: Page) {
  const toast = page.getByTestId('welcome-toast');
  if (await toast.isVisible()) await toast.getByRole('button').click();
}

/** Clicks a game tile's play button (a phone's first tap only reveals it). */
async function playTile(page: Page, name: string) {
  const tile = page.locator('.cat-tile', { has: page.getByRole('heading', { name, exact: true }) }).first();
  await tile.locator('.cat-tile__hit').click();
  if ((await tile.getAttribute('data-revealed')) !== null) await tile.locator('.cat-tile__hit').click();
}

async function expectSandboxGame(page: Page) {
  const popup = page.getByTestId('game-popup');
  await expect(popup).toBeVisible(LOAD);
  const frame = popup.getByTestId('game-frame');
  await expect(frame).toBeVisible(LOAD);
  await expect(frame).toHaveAttribute('src', /\/sandbox\/games\/play\?/);
  await expect(page.frameLocator('[data-testid="game-frame"]').getByText(/sandbox game/i).first()).toBeVisible(LOAD);
  return popup;
}

test('a member launches a game from a tile into the game popup, and closes it @phone', async ({ page, request }, info) => {
  await member(page, request);
  await page.goto('/rng');
  await closeWelcome(page);
  const launches = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
  await playTile(page, 'Lucky Lanterns');
  const req = await launches;
  expect(new URL(req.url()).searchParams.get('vendor')).toBe('PG');
  const popup = await expectSandboxGame(page);
  await expect(popup.getByRole('heading', { name: 'Lucky Lanterns' })).toBeAttached();
  if (info.project.name === 'phone') {
    // Full screen on a phone.
    const box = (await popup.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(389);
    expect(box.height).toBeGreaterThanOrEqual(800);
  }
  await page.waitForTimeout(800);
  await shot(page, { path: `${SHOTS}/game-popup-${info.project.name === 'phone' ? 390 : 1440}.png` });
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('game-popup')).toHaveCount(0);
});

test('search finds a game that launches', async ({ page, request }) => {
  await member(page, request);
  await page.goto('/rng');
  await closeWelcome(page);
  await page.getByRole('searchbox').fill('lantern');
  await expect(page.locator('.cat-tile__name').first()).toHaveText(/lantern/i, LOAD);
  await playTile(page, 'Lucky Lanterns');
  await expectSandboxGame(page);
});

// The header's vendor drop-downs, on a screen wide enough for every category in
// the bar (at 1440 px a member's header puts the last ones in its More menu).
test.describe('header drop-downs, wide screen', () => {
  test.use({ viewport: { width: 1680, height: 900 } });
  test('the header drop-down launches a vendor lobby; a window-mode vendor opens a window', async ({ page, request, context }) => {
    await member(page, request);
    await page.goto('/');
    await closeWelcome(page);
    const nav = page.getByTestId('header-nav');
    // LIVE: vendor launch (Sinag Live launches its lobby in the popup).
    await nav.locator('[data-nav-key="LIVE"]').hover();
    const launches = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
    await page.getByTestId('nav-dropdown-LIVE').locator('[data-vendor="SXG"]').click();
    const q = new URL((await launches).url()).searchParams;
    expect(q.get('vendor')).toBe('SXG');
    expect(q.get('gameCode')).toBeNull();
    const popup = await expectSandboxGame(page);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('game-popup')).toHaveCount(0);

    // SPORTS: new-style launch; SportBet Arena is a window-mode vendor.
    await nav.locator('[data-nav-key="SPORTS"]').hover();
    const opened = context.waitForEvent('page');
    await page.getByTestId('nav-dropdown-SPORTS').locator('[data-vendor="SBT"]').click();
    const win = await opened;
    await win.waitForURL(/\/sandbox\/games\/play\?/, LOAD);
    await expect(win.getByText(/sandbox game/i).first()).toBeVisible(LOAD);
    await expect(page.getByTestId('game-popup')).toHaveCount(0);
    await win.close();
  });

  test('a single-vendor header category launches its vendor directly', async ({ page, request }) => {
    await member(page, request);
    await page.goto('/');
    await closeWelcome(page);
    const nav = page.getByTestId('header-nav');
    // Demo catalogue: BGS (Palaro Originals) is the only vendor of its category,
    // so its header item launches instead of navigating (waits for the menus to load).
    await expect(nav.locator('[data-nav-key="BGS"]')).toHaveAttribute('data-action', 'launch', LOAD);
    const launches = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
    await nav.locator('[data-nav-key="BGS"]').click();
    const q = new URL((await launches).url()).searchParams;
    expect(q.get('vendor')).toBe('BGS');
    expect(q.get('gameType')).toBe('BGS');
    // BGS are the in-house games (issue 6): they open the site's own /originals/<game> page.
    const popup = page.getByTestId('game-popup');
    await expect(popup).toBeVisible(LOAD);
    await expect(popup.getByTestId('game-frame')).toHaveAttribute('src', /^\/originals\/[a-z0-9-]+/, LOAD);
  });

  test('LOTT from the header opens the lottery page with the lottery embedded', async ({ page, request }) => {
    await member(page, request);
    await page.goto('/');
    await closeWelcome(page);
    await page.getByTestId('header-nav').locator('[data-nav-key="LOTT"]').hover();
    await page.getByTestId('nav-dropdown-LOTT').locator('[data-vendor="PLT"]').click();
    await expect(page).toHaveURL(/\/lottery\?gameCode=&vendor=PLT&gameType=LOTT$/);
    const frame = page.getByTestId('lottery-frame');
    await expect(frame).toBeVisible(LOAD);
    await expect(frame).toHaveAttribute('src', /\/sandbox\/games\/play\?/);
    // Game pages hide the header balance.
    await expect(page.getByTestId('header-balance')).toHaveCount(0);
    await page.waitForTimeout(800);
    await shot(page, { path: `${SHOTS}/lottery-1440.png` });
  });

  test('a VASSALAGE vendor shows its games in the popup; one of them launches', async ({ page, request }) => {
    await member(page, request);
    await page.goto('/');
    await closeWelcome(page);
    await page.getByTestId('header-nav').locator('[data-nav-key="PVP"]').hover();
    await page.getByTestId('nav-dropdown-PVP').locator('[data-vendor="KYQ"]').click();
    const popup = page.getByTestId('game-popup');
    await expect(popup.getByRole('heading', { name: 'Kalaro Card Hall games' })).toBeVisible(LOAD);
    const cards = popup.getByTestId('game-vendor-list').getByTestId('game-card');
    await expect(cards.first()).toBeVisible(LOAD);
    await page.waitForTimeout(600);
    await shot(page, { path: `${SHOTS}/vendor-list-1440.png` });
    const name = (await cards.first().innerText()).trim().split('\n').pop()!;
    await cards.first().click();
    await expectSandboxGame(page);
    await expect(popup.getByRole('heading', { name })).toBeAttached();
  });

  test('a vendor under maintenance (header drop-down) shows the maintenance screen with games that launch', async ({ page, request }) => {
    await member(page, request);
    await page.goto('/');
    await closeWelcome(page);
    await page.getByTestId('header-nav').locator('[data-nav-key="LIVE"]').hover();
    await page.getByTestId('nav-dropdown-LIVE').locator('[data-vendor="WMC"]').click();
    const m = page.getByTestId('game-maintenance');
    await expect(m).toBeVisible(LOAD);
    await expect(page.getByRole('heading', { name: 'Game under maintenance' })).toBeVisible();
    const cards = m.getByTestId('game-recommended').getByTestId('game-card');
    await expect(cards.first()).toBeVisible(LOAD);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    await cards.first().click();
    await expectSandboxGame(page);
  });

});

test('a game switched to maintenance while listed shows other games of its category @phone', async ({ page, playwright }, info) => {
  const phone = info.project.name === 'phone';
  // Own server: the maintenance switch must not disturb the other tests.
  const port = Number(process.env.E2E_PORT ?? 18181) + (phone ? 6 : 5);
  const extra = await startServer(port);
  try {
    const env = { ...extra.env, PALARO_MEMBER_PASSWORD: PASSWORD };
    const username = `w3m${Date.now().toString(36)}`;
    execFileSync(BIN, ['member', 'add', '--username', username], { env, encoding: 'utf8' });
    const request = await playwright.request.newContext({ baseURL: extra.url });
    const token = await playerToken(request, username);
    await openAs(page, token, username);
    await page.goto(`${extra.url}/rng`);
    await closeWelcome(page);
    const list = await (await request.get('/wps/relay/gameList', { params: { gameType: 'RNG', keyword: 'Lucky Lanterns', pageNo: 1, pageSize: 5, language: 'EN' } })).json();
    const code = list.value.games.find((g: { gameName: string }) => g.gameName === 'Lucky Lanterns').gameCode;
    await expect(page.getByRole('heading', { name: 'Lucky Lanterns', exact: true })).toBeVisible(LOAD);
    execFileSync(BIN, ['catalog', 'maintenance', '--game', code, '--on'], { env, encoding: 'utf8' });
    // The running server picks the catalogue change up within its refresh interval (2 s); wait until
    // its launch answers so (a fixed wait was flaky in CI, where the refresh can come later).
    const launchCode = async () =>
      (await (await request.get('/wps/game/launchGame', { params: { gameCode: code, device: 'H5' }, headers: { Authorization: `Bearer ${token}` } })).json()).code;
    await expect.poll(launchCode, LOAD).toBe('launch.maintenance');
    await playTile(page, 'Lucky Lanterns');
    const m = page.getByTestId('game-maintenance');
    await expect(m).toBeVisible(LOAD);
    await expect(m).toContainText('Lucky Lanterns is under maintenance');
    const cards = m.getByTestId('game-recommended').getByTestId('game-card');
    await expect(cards.first()).toBeVisible(LOAD);
    expect(await cards.count()).toBe(6);
    await expect(cards.filter({ hasText: 'Lucky Lanterns' })).toHaveCount(0);
    if (phone) {
      const box = (await page.getByTestId('game-popup').boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(389);
      expect(box.height).toBeGreaterThanOrEqual(800);
    }
    await page.waitForTimeout(600);
    await shot(page, { path: `${SHOTS}/maintenance-${phone ? 390 : 1440}.png` });
    await cards.first().click();
    await expectSandboxGame(page);
    await request.dispose();
  } finally {
    await extra.stop();
  }
});

// The header's vendor drop-downs, on a screen wide enough for every category in
// the bar (at 1440 px a member's header puts the last ones in its More menu).
test.describe('a window-mode drop-down launch, wide screen', () => {
  test.use({ viewport: { width: 1680, height: 900 } });
  test('a window-mode launch opens its window on the click, before the answer; an error closes it', async ({ page, request, context }) => {
    await member(page, request);
    await page.goto('/');
    await closeWelcome(page);
    const nav = page.getByTestId('header-nav');
    // Hold the launch answer: the window must already be open (popup blockers allow only that).
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let fail = false;
    await page.route('**/wps/game/launchGame**', async (route) => {
      await held;
      if (fail) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'launch.vendor_unavailable', message: 'down', value: null }) });
      else await route.continue();
    });
    await nav.locator('[data-nav-key="SPORTS"]').hover();
    const opened = context.waitForEvent('page');
    await page.getByTestId('nav-dropdown-SPORTS').locator('[data-vendor="SBT"]').click();
    const win = await opened;
    expect(win.url()).toBe('about:blank');
    release();
    await win.waitForURL(/\/sandbox\/games\/play\?/, LOAD);
    await win.close();

    // Second launch fails: the blank window closes and the popup shows the error.
    fail = true;
    let release2: () => void = () => {};
    const held2 = new Promise<void>((r) => (release2 = r));
    await page.unroute('**/wps/game/launchGame**');
    await page.route('**/wps/game/launchGame**', async (route) => {
      await held2;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'launch.vendor_unavailable', message: 'down', value: null }) });
    });
    await nav.locator('[data-nav-key="SPORTS"]').hover();
    const opened2 = context.waitForEvent('page');
    await page.getByTestId('nav-dropdown-SPORTS').locator('[data-vendor="SBT"]').click();
    const win2 = await opened2;
    const closed = win2.waitForEvent('close');
    release2();
    await closed;
    await expect(page.getByTestId('game-error')).toContainText('The game provider is not reachable right now.', LOAD);
  });

});

test('a sandbox round moves the header balance', async ({ page, request }) => {
  await member(page, request, '500.00');
  await page.goto('/rng');
  await closeWelcome(page);
  const amount = page.getByTestId('header-balance').getByTestId('balance-amount');
  await expect(amount).toHaveText('₱500.00', LOAD);
  await playTile(page, 'Lucky Lanterns');
  await expectSandboxGame(page);
  const game = page.frameLocator('[data-testid="game-frame"]');
  const inGame = game.locator('#balance');
  await expect(inGame).toContainText('500.00', LOAD);
  // Each spin is a bet and a win through the platform's seamless wallet; a win equal to the
  // bet leaves the balance where it was, so spin until it moves.
  for (let i = 0; i < 6 && /^\D*500\.00\D*$/.test((await inGame.innerText()).trim()); i++) {
    await game.locator('#play').click();
    await expect(game.locator('#play')).toBeEnabled(LOAD);
    await page.waitForTimeout(300);
  }
  const shown = (await inGame.innerText()).replace(/[^\d.,]/g, '');
  expect(shown).not.toBe('500.00');
  // The header follows without a reload.
  await expect(amount).toHaveText(`₱${shown}`, LOAD);
});

test('a visitor pressing play gets the login prompt, not a game', async ({ page }) => {
  await english(page);
  await page.goto('/rng');
  let launched = false;
  page.on('request', (r) => {
    if (r.url().includes('/wps/game/launchGame')) launched = true;
  });
  await playTile(page, 'Lucky Lanterns');
  await expect(page.getByTestId('not-logged-in')).toBeVisible(LOAD);
  await expect(page.getByTestId('game-popup')).toHaveCount(0);
  expect(launched).toBe(false);
});

async function tryForFree(page: Page, { welcome = true } = {}) {
  await page.goto('/');
  await page.getByTestId('header-login-compact').click();
  await page.getByTestId('login-try-free').click();
  await expect(page.getByTestId('member-menu-button')).toBeVisible({ timeout: 30_000 });
  if (welcome) await closeWelcome(page);
}

test('a trial user gets the real-account dialog instead of the game', async ({ page }) => {
  await english(page);
  await tryForFree(page);
  await page.goto('/rng');
  // Lucky Lanterns is not one of the demo's free-play games (launch.DemoFreePlay).
  await playTile(page, 'Lucky Lanterns');
  await expect(page.getByTestId('trial-block')).toBeVisible(LOAD);
  await expect(page.getByTestId('game-frame')).toHaveCount(0);
});

test('the announcement popup waits while a game launches: it never covers the dialog the launch opens', async ({ page, request }) => {
  // The flake this guards against ('a trial user gets the real-account dialog'): under load the
  // page's idle-time announcement popup opened while the launch was in flight, the dialog the
  // launch answered with (the real-account dialog there, the game here) came up on top of it, and
  // Escape (this suite's popup handler, or the player) closed that dialog instead of the popup.
  // A member, not a trial user, so the spec stays within the 20 free-play logins per IP an hour.
  // The popup is not marked closed for the member, and the announcements arrive only once the
  // launch is in flight.
  const m = newMember('w3');
  const token = await playerToken(request, m.username);
  // As openAs, but the member's popup is not marked closed.
  await page.addInitScript((tk) => {
    localStorage.setItem('lang', 'EN');
    sessionStorage.setItem('popupClosed:anonymous', '1');
    if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', tk);
  }, token);
  const hold = () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    return { held, release };
  };
  const news = hold();
  const answer = hold();
  await page.route('**/wps/relay/announcements**', async (route) => {
    await news.held;
    await route.continue();
  });
  await page.route('**/wps/game/launchGame**', async (route) => {
    await answer.held;
    await route.continue();
  });
  await page.goto('/rng');
  await closeWelcome(page);
  const launching = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
  await playTile(page, 'Lucky Lanterns');
  await launching;
  const arrived = page.waitForResponse((r) => r.url().includes('/wps/relay/announcements'));
  news.release();
  await arrived;
  await page.evaluate(async () => {
    if (document.readyState !== 'complete') await new Promise((r) => window.addEventListener('load', r, { once: true }));
    for (let i = 0; i < 3; i++) await new Promise((r) => requestIdleCallback(r, { timeout: 1000 }));
  });
  await expect(page.getByTestId('announcements-modal')).toHaveCount(0);
  answer.release();
  const popup = await expectSandboxGame(page);
  await expect(page.getByTestId('announcements-modal')).toHaveCount(0);
  // Once the game is closed, the popup the member has not seen yet comes.
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('announcements-modal')).toBeVisible(LOAD);
});

test('a trial user plays a free-play game with FUN money; other games still ask for a real account', async ({ page }) => {
  await english(page);
  await tryForFree(page);
  await page.goto('/rng');
  const header = page.getByTestId('header-balance').getByTestId('balance-amount');
  await expect(header).toHaveText('2,000.00', LOAD);
  // Perlas ng Silangan (PG) is one of the demo brand's free-play games.
  await playTile(page, 'Perlas ng Silangan');
  const popup = await expectSandboxGame(page);
  const game = page.frameLocator('[data-testid="game-frame"]');
  const inGame = game.locator('#balance');
  await expect(inGame).toHaveText('2,000.00', LOAD);
  await expect(game.locator('.bal')).toContainText('FUN');
  // Spin until the balance moves (a win equal to the bet leaves it where it was).
  for (let i = 0; i < 6 && (await inGame.innerText()).trim() === '2,000.00'; i++) {
    await game.locator('#play').click();
    await expect(game.locator('#play')).toBeEnabled(LOAD);
    await page.waitForTimeout(300);
  }
  const shown = (await inGame.innerText()).trim();
  expect(shown).not.toBe('2,000.00');
  await expect(header).toHaveText(shown, LOAD);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('game-popup')).toHaveCount(0);
  // Not a free-play game: the real-account dialog, no game.
  await playTile(page, 'Lucky Lanterns');
  await expect(page.getByTestId('trial-block')).toBeVisible(LOAD);
  await expect(page.getByTestId('game-frame')).toHaveCount(0);
});

test('a broken game image shows the default game icon, and the game still launches', async ({ page, request }) => {
  await member(page, request);
  await page.route('**/art/game/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/rng');
  await closeWelcome(page);
  const tile = page.locator('.cat-tile', { has: page.getByRole('heading', { name: 'Lucky Lanterns', exact: true }) }).first();
  await expect(tile.locator('svg.cat-tile__fallback')).toBeVisible(LOAD);
  await expect(tile.locator('img')).toHaveCount(0);
  await playTile(page, 'Lucky Lanterns');
  await expectSandboxGame(page);
});
