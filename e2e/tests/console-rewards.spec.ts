// The console's rewards (issue 32, part 11) through the real binary, on a
// server of its own (it pays demo01 and changes bonuses): a FINANCE operator
// issues a cash reward to demo01 on the player page's "Bonus & rewards"
// tab, the player claims it (through GET/POST /wps/rewards: the storefront's
// reward centre page is not in this branch yet), the operator sees its cost
// on the Rewards screen; a bonus the operator issues and the player claims
// is forfeited with a reason. axe-core and screenshots at 1280 px.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { request as pwRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { playerToken } from '../lib/cashier';
import { noHorizontalScroll, noSeriousAxe } from '../lib/console';
import { operatorSession } from '../lib/operator';
import { startServer, type ExtraServer } from '../lib/server';
import { shot } from '../lib/shots';
import { test, expect as baseExpect } from '../lib/test';

const expect = baseExpect.configure({ timeout: 20_000 });
const port = Number(process.env.E2E_PORT ?? 18181) + 15;
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-rewards';
let server: ExtraServer;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial', timeout: 360_000 });

test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  server = await startServer(port);
  api = await pwRequest.newContext({ baseURL: server.url });
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

async function consolePage(browser: Browser, username: string) {
  const token = await operatorSession(api, username);
  const ctx = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.addInitScript((t) => sessionStorage.setItem('palaro.console.token', t), token);
  return { page, close: () => ctx.close() };
}

async function demoId(): Promise<number> {
  const token = await operatorSession(api, 'ops01');
  const body = await (await api.get('/ops/v1/players?by=username&q=demo01', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value.items[0].id as number;
}

/** The player claims a waiting reward (by its title in the player's language) through the reward centre's API; its id. */
async function claimNewest(player: string, ...titles: string[]): Promise<number> {
  const list = await (await api.get('/wps/rewards?status=waiting', { headers: { Authorization: `Bearer ${player}` } })).json();
  expect(list.code, JSON.stringify(list)).toBe('ok');
  const reward = (list.value.list as { id: number; title: string; source: string }[]).find((r) => titles.includes(r.title));
  expect(reward?.source).toBe('OPERATOR');
  const claim = await (await api.post(`/wps/rewards/${reward!.id}/claim`, { headers: { Authorization: `Bearer ${player}`, 'Idempotency-Key': randomUUID() } })).json();
  expect(claim.code, JSON.stringify(claim)).toBe('ok');
  expect(claim.value.reward.status).toBe('CLAIMED');
  return reward!.id;
}

test('an operator issues a cash reward, the player claims it, the cost shows; a bonus is forfeited with a reason', async ({ browser }) => {
  const id = await demoId();
  const player = await playerToken(api, 'demo01');
  const { page, close } = await consolePage(browser, 'finance01');

  await page.goto(`/console/players/${id}?tab=rewards`);
  const tab = page.getByRole('tab', { name: 'Bonus & rewards' });
  await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(page.getByText('The player has no active bonus.')).toBeVisible();

  // A cash reward: the dialog checks the rules before anything is sent.
  await page.getByRole('button', { name: 'Issue reward' }).click();
  let dialog = page.getByRole('dialog', { name: 'Issue a reward' });
  await dialog.getByLabel('Amount (PHP)').fill('150.123');
  await dialog.getByRole('button', { name: 'Issue' }).click();
  await expect(dialog.getByText('Use at most 2 decimal places.')).toBeVisible();
  await expect(dialog.getByText('Give a reason of 3 to 200 characters.')).toBeVisible();
  await dialog.getByLabel('Amount (PHP)').fill('150');
  await dialog.getByLabel('Title in English').fill('Outage goodwill');
  await dialog.getByLabel('Title in Tagalog').fill('Pasasalamat sa abala');
  await dialog.getByLabel('Reason').fill('Slots outage on Tuesday');
  await noSeriousAxe(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Reward of 150.00 PHP issued.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Outage goodwill' })).toContainText('Waiting');

  // The player sees it in the reward centre and claims it (once).
  await claimNewest(player, 'Outage goodwill', 'Pasasalamat sa abala');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Outage goodwill' })).toContainText('Claimed');

  // A bonus, claimed by the player, then forfeited by the operator.
  await page.getByRole('button', { name: 'Issue reward' }).click();
  dialog = page.getByRole('dialog', { name: 'Issue a reward' });
  await dialog.getByLabel('Type').selectOption('BONUS');
  await dialog.getByLabel('Amount (PHP)').fill('50');
  await dialog.getByLabel('Title in English').fill('Comeback bonus');
  await dialog.getByLabel('Wagering multiple').fill('5');
  await dialog.getByLabel('Maximum bet (PHP)').fill('10');
  await dialog.getByLabel('Reason').fill('Win-back offer');
  await dialog.getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Reward of 50.00 PHP issued.')).toBeVisible();
  await claimNewest(player, 'Comeback bonus');
  await page.reload();
  const live = page.getByTestId('live-bonus');
  await expect(live).toContainText('Comeback bonus');
  await expect(live).toContainText('50.00 PHP');
  await expect(live.getByRole('progressbar', { name: 'Wagering progress' })).toHaveAttribute('value', '0');
  // The tab's own panel: the page's logins card above it has a finding of its own (a scrolling table without focus).
  await noSeriousAxe(page, '[role="tabpanel"]');
  await shot(page, { path: `${SHOTS}/player-rewards-tab-1280.png`, fullPage: true });
  await noHorizontalScroll(page);

  await live.getByRole('button', { name: 'Forfeit bonus' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Forfeit this bonus?' });
  await confirm.getByRole('button', { name: 'Forfeit' }).click();
  await expect(confirm.getByText('Give a reason of 3 to 200 characters.')).toBeVisible();
  await confirm.getByLabel('Reason').fill('Bonus abuse: shared device');
  await confirm.getByRole('button', { name: 'Forfeit' }).click();
  await expect(page.getByText('Bonus forfeited: 50.00 PHP removed.')).toBeVisible();
  await expect(page.getByText('The player has no active bonus.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Comeback bonus' }).filter({ hasText: 'Forfeited' })).toContainText('by an operator');
  const bonus = await (await api.get('/wps/bonus', { headers: { Authorization: `Bearer ${player}` } })).json();
  expect(bonus.value.active).toBeNull();

  // The audit tab has both changes with their reasons.
  await page.getByRole('tab', { name: 'Audit' }).click();
  await expect(page.getByText('Bonus abuse: shared device')).toBeVisible();
  await expect(page.getByText('Slots outage on Tuesday')).toBeVisible();

  // The cost: 150.00 cash paid; the bonus granted and forfeited costs nothing.
  await page.goto('/console/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards and bonuses' })).toBeVisible();
  const report = page.getByTestId('reward-costs');
  const row = report.getByRole('row').filter({ hasText: 'Operator' });
  await expect(row).toContainText('150.00');
  await expect(row).toContainText('50.00');
  await expect(report.getByText('150.00 PHP')).toBeVisible();
  await expect(page.getByLabel('Rebate rate of Slots (%)')).toHaveValue('1.2');
  await noSeriousAxe(page);
  await noHorizontalScroll(page);
  await shot(page, { path: `${SHOTS}/rewards-screen-1280.png`, fullPage: true });
  await close();
});
