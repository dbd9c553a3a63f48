import { randomUUID } from 'node:crypto';
import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { operatorSession } from '../lib/operator';
import { credit, newMember, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// The console's games screen (issue 30, part 8) against the storefront's own
// catalogue calls: a game switched off leaves the storefront's search and
// comes back, a vendor in maintenance shows its games in maintenance, and an
// in-house game's new maximum refuses a larger bet.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-games';
test.describe.configure({ mode: 'serial', timeout: 360_000 });
test.use({ viewport: { width: 1280, height: 900 } });

type OpsGame = { nodeId: number; name: string; gameCode: string; vendor: string; gameType: string };
type OpsVendor = { code: string; gameType: string; displayName: string; games: number };

async function ops<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await operatorSession(request, 'ops01');
  const body = await (await request.get(path, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value as T;
}

/** The storefront's search (GET /wps/relay/gameList, as the game centre asks it). */
async function storefrontSearch(request: APIRequestContext, gameType: string, params: Record<string, string>) {
  const q = new URLSearchParams({ clientType: '3', platform: 'html5-desktop', gameType, pageNo: '1', pageSize: '50', ...params });
  const body = await (await request.get(`/wps/relay/gameList?${q}`)).json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value.games as { gameCode: string; gameName: string; maintenance: boolean }[];
}

async function save(page: Page, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason for the change').fill(reason);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The storefront shows it within seconds.').last()).toBeVisible(); // an earlier save's toast may still show
  await expect(dialog).toHaveCount(0);
}

async function bothThemes(page: Page, name: string) {
  await noSeriousAxe(page);
  await noHorizontalScroll(page);
  await shot(page, { path: `${SHOTS}/${name}-light.png`, fullPage: true });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await noSeriousAxe(page);
  await noHorizontalScroll(page);
  await shot(page, { path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
}

test('a game switched off leaves the storefront search and comes back', async ({ page, request }) => {
  const list = await ops<{ items: OpsGame[] }>(request, '/ops/v1/games?gameType=RNG&pageSize=5');
  const game = list.items[0];
  expect((await storefrontSearch(request, 'RNG', { keyword: game.name })).map((g) => g.gameCode)).toContain(game.gameCode);

  await openConsole(page, 'ops01', '/games?tab=games');
  await expect(page.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Name or code').fill(game.gameCode);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('button', { name: `Edit ${game.name}` })).toBeVisible();
  await bothThemes(page, 'games-list');

  await page.getByRole('button', { name: `Edit ${game.name}` }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'On', exact: true }).uncheck();
  await shot(page, { path: `${SHOTS}/games-dialog-light.png` });
  await save(page, 'e2e: switch off');
  await expect(page.getByRole('row', { name: new RegExp(game.name) }).getByText('Off', { exact: true })).toBeVisible();
  await expect.poll(async () => (await storefrontSearch(request, 'RNG', { keyword: game.name })).map((g) => g.gameCode)).not.toContain(game.gameCode);

  await page.getByRole('button', { name: `Edit ${game.name}` }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'On', exact: true }).check();
  await save(page, 'e2e: back on');
  await expect.poll(async () => (await storefrontSearch(request, 'RNG', { keyword: game.name })).map((g) => g.gameCode)).toContain(game.gameCode);
});

test('a vendor in maintenance shows its games in maintenance on the storefront; a reorder asks a reason', async ({ page, request }) => {
  const vendors = await ops<{ items: OpsVendor[] }>(request, '/ops/v1/games/vendors');
  const v = vendors.items.find((x) => x.gameType === 'RNG' && x.games > 1)!;
  const inMaintenance = async () => (await storefrontSearch(request, 'RNG', { vassalage: v.code })).every((g) => g.maintenance);
  expect(await inMaintenance()).toBe(false);

  await openConsole(page, 'ops01', '/games');
  await page.getByLabel('Category').selectOption('RNG');
  await bothThemes(page, 'games-vendors');
  await page.getByRole('button', { name: `Edit ${v.displayName} in Slots` }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Maintenance now' }).check();
  await save(page, 'e2e: vendor maintenance');
  await expect(page.getByRole('row', { name: new RegExp(v.displayName) }).getByText('Maintenance', { exact: true })).toBeVisible();
  await expect.poll(inMaintenance).toBe(true);

  await page.getByRole('button', { name: `Edit ${v.displayName} in Slots` }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Maintenance now' }).uncheck();
  await save(page, 'e2e: vendor back');
  await expect.poll(inMaintenance).toBe(false);

  // Order: the second game of the category moves up with the keyboard, and is first in the storefront's list.
  await page.getByRole('tab', { name: 'Games', exact: true }).click();
  await page.getByLabel('Category').selectOption('RNG');
  const before = await ops<{ items: OpsGame[] }>(request, '/ops/v1/games?gameType=RNG&pageSize=2');
  const second = before.items[1];
  await page.getByRole('button', { name: `Move ${second.name} up` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByLabel('Reason for the change').fill('e2e: promote');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved. The storefront shows it within seconds.').last()).toBeVisible(); // an earlier save's toast may still show
  await expect.poll(async () => (await storefrontSearch(request, 'RNG', {}))[0].gameCode).toBe(second.gameCode);
});

test("an in-house game's new maximum refuses a larger bet", async ({ page, request }) => {
  const m = newMember('cg');
  await credit(request, m.id, '1000.00');
  const token = await playerToken(request, m.username);
  const dice = (amount: number) =>
    request.post('/wps/inhouse/dice/bet', { headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() }, data: { amount, target: 5000 } }).then((r) => r.json());
  expect((await dice(1000)).code).toBe('ok');

  await openConsole(page, 'ops01', '/games?tab=inhouse');
  await expect(page.getByRole('cell', { name: 'Dice Duel Davao dice' })).toBeVisible({ timeout: 30_000 });
  await bothThemes(page, 'games-inhouse');
  await page.getByRole('button', { name: 'Edit the settings of Dice Duel Davao' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Maximum bet (PHP)').fill('5');
  await shot(page, { path: `${SHOTS}/games-inhouse-dialog-light.png` });
  await save(page, 'e2e: lower the maximum');
  await expect(page.getByRole('row', { name: /Dice Duel Davao/ }).getByText('5.00 PHP')).toBeVisible();

  const refused = await dice(1000);
  expect(refused.code).toBe('inhouse.above_max');
  expect((await dice(500)).code).toBe('ok');

  await page.getByRole('button', { name: 'Edit the settings of Dice Duel Davao' }).click();
  await dialog.getByLabel('Maximum bet (PHP)').fill('10000');
  await save(page, 'e2e: restore the maximum');
  expect((await dice(1000)).code).toBe('ok');
});
