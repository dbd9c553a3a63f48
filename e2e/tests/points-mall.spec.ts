import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { startServer, type ExtraServer } from '../lib/server';
import { api, call, operatorToken, playerToken, PNG, preparePage } from '../lib/cashier';
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { shot } from '../lib/shots';

// The points mall (issue 32 part 6, docs/rewards.md "Points mall"): a member
// earns points by depositing and spinning the in-house slot, redeems a
// bonus-cash item with the payment password (sealed), claims it in the
// reward centre, redeems a physical item with a delivery address, and an
// operator approves it in the console. A wrong payment password moves
// nothing. Each project runs on a server of its own (E2E_PORT+30/+31) whose
// brand earns points fast: 10 points per 1.00 of slot bets, 1 per 1.00
// deposited, no welcome bonus (its maximum bet would get in the way).
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/points-mall';
const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');
const LOAD = { timeout: 20_000 };
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let ctx: APIRequestContext;
test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  server = await startServer(Number(process.env.E2E_PORT ?? 18450) + 30 + (info.project.name === 'phone' ? 1 : 0));
  const doc = server.exportBrand() as Record<string, any>;
  doc.rewards = {
    ...doc.rewards,
    welcome: { percent: 0 },
    points: { earn: { RNG: { per: 100, points: 10 }, DEPOSIT: { per: 100, points: 1 } }, convert: { points: 100, amount: 1000, minPoints: 500 }, claimDays: 7 },
  };
  doc.cashier = { ...doc.cashier, turnoverMultiple: 0 };
  server.importBrand(doc);
  await new Promise((r) => setTimeout(r, 2_500)); // the server reads the brand again when its copy is 2 s old
  ctx = await api(server.url);
});
test.afterAll(async () => {
  await ctx?.dispose();
  await server?.stop();
});

async function newPlayer(prefix: string): Promise<{ username: string; token: string }> {
  const username = `${prefix}${randomUUID().replace(/-/g, '').slice(0, 9)}`;
  execFileSync(BIN, ['member', 'add', '--username', username], {
    env: { ...server.env, PALARO_MEMBER_PASSWORD: 'Palaro2026', PALARO_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { username, token: await playerToken(ctx, username) };
}

async function deposit(token: string, amount: string) {
  const methods = (await call(ctx, 'GET', '/wps/cashier/deposit/methods', token)).value;
  const bank = methods.methods.find((m: { type: string }) => m.type === 'BANK');
  const res = await ctx.post('/wps/cashier/deposits', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: { method: bank.code, amount, reference: 'E2E-POINTS', receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG } },
  });
  const dep = (await res.json()).value;
  const ops = await operatorToken(ctx);
  const ok = await call(ctx, 'POST', `/ops/v1/cashier/deposits/${dep.id}/approve`, ops, {}, { 'Idempotency-Key': randomUUID() });
  expect(ok.code, JSON.stringify(ok)).toBe('ok');
}

async function spin(page: Page) {
  const button = page.getByTestId('slot-spin');
  await expect(button).toBeEnabled(LOAD);
  await button.click();
  await expect(page.getByTestId('slot-machine')).toHaveAttribute('data-phase', 'idle', { timeout: 90_000 });
  await expect(button).toHaveText('Spin', { timeout: 10_000 });
}

async function redeem(page: Page, name: string, password: string) {
  const card = page.getByTestId('points-item').filter({ hasText: name });
  await card.getByRole('button', { name: `Redeem ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Redeem ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Payment password').fill(password);
  return dialog;
}

test('earn by playing, redeem bonus cash and claim it, redeem a cap an operator approves @phone', async ({ page, browser }, info) => {
  const project = info.project.name;
  const p = await newPlayer('pm');
  await deposit(p.token, '500'); // 500 points
  const pw = await call(ctx, 'PUT', '/wps/member/payment-password', p.token, { password: 'Palaro2026', newPaymentPassword: '135790', confirmPaymentPassword: '135790' });
  expect(pw.code, JSON.stringify(pw)).toBe('ok');
  await preparePage(page, p.token);

  // Two spins of 100.00 on the slot: 2,000 points more.
  await page.goto(server.url + '/originals/slot');
  await page.getByTestId('bet-amount').fill('100');
  await spin(page);
  await spin(page);

  await page.goto(server.url + '/pointMall');
  await expect(page.getByRole('heading', { name: 'Points mall' })).toBeVisible(LOAD);
  await expect(page.getByTestId('points-balance')).toHaveText('2,500', { timeout: 30_000 });
  await expect(page.getByTestId('points-item')).toHaveCount(4);
  await shot(page, { path: `${SHOTS}/mall-${project}.png`, fullPage: true });

  // Points details: the spec's fields, the slot's points and the deposit's.
  await page.getByRole('tab', { name: 'Points details' }).click();
  const history = page.getByTestId('points-entry');
  await expect(history).toHaveCount(3);
  await expect(history.filter({ hasText: 'Earned from a deposit' })).toContainText('+500');
  await expect(history.filter({ hasText: 'Earned from bets' }).first()).toContainText('+1,000');
  await shot(page, { path: `${SHOTS}/details-${project}.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByTestId('points-rules')).toContainText('Points never expire.');
  await shot(page, { path: `${SHOTS}/rules-${project}.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Items' }).click();

  // A wrong payment password moves nothing.
  let dialog = await redeem(page, '₱50 bonus cash', '000000');
  await dialog.getByRole('button', { name: 'Confirm redeem' }).click();
  await expect(dialog.getByTestId('points-redeem-error')).toContainText('The payment password is wrong.');
  await expect(page.getByTestId('points-balance')).toHaveText('2,500');
  await dialog.getByLabel('Payment password').fill('135790');
  await shot(page, { path: `${SHOTS}/redeem-dialog-${project}.png` });
  await dialog.getByRole('button', { name: 'Confirm redeem' }).click();
  await expect(page.getByTestId('points-notice')).toContainText('Your reward is waiting in the reward centre.', LOAD);
  await expect(page.getByTestId('points-balance')).toHaveText('2,000');

  // The bonus cash waits in the reward centre; claimed into the main balance.
  await page.getByRole('link', { name: 'Go to the reward centre' }).click();
  const reward = page.getByTestId('reward-item').filter({ hasText: 'Points mall: ₱50 bonus cash' });
  await expect(reward).toBeVisible(LOAD);
  await reward.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/50\.00 was added to your main balance/)).toBeVisible(LOAD);

  // The cap (2,000 points): a delivery address, then in process.
  await page.goto(server.url + '/pointMall');
  dialog = await redeem(page, 'Palaro cap', '135790');
  await dialog.getByRole('button', { name: 'Confirm redeem' }).click();
  await expect(dialog.getByText('Enter the recipient\'s name (at least 2 characters).')).toBeVisible();
  await dialog.getByLabel('Recipient name').fill('Juan Dela Cruz');
  await dialog.getByLabel('Mobile number').fill('09171234567');
  await dialog.getByLabel('Full address').fill('12 Rizal Street, Barangay San Antonio, Makati City');
  await dialog.getByLabel('Payment password').fill('135790');
  await shot(page, { path: `${SHOTS}/redeem-goods-${project}.png` });
  await dialog.getByRole('button', { name: 'Confirm redeem' }).click();
  await expect(page.getByTestId('points-notice')).toContainText('We are reviewing your order', LOAD);
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  await page.getByRole('tab', { name: 'Redeem history' }).click();
  const cap = page.getByTestId('points-redemption').filter({ hasText: 'Palaro cap' });
  await expect(cap).toContainText('In process');
  const ref = (await cap.locator('td').first().textContent())!.trim();

  // An operator approves it in the console; the member sees it approved.
  const ops = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const console = await ops.newPage();
  await openConsole(console, 'ops01', '/points');
  await console.getByRole('tab', { name: 'Redemptions' }).click();
  const row = console.getByRole('row').filter({ hasText: ref });
  await expect(row).toContainText('Juan Dela Cruz', LOAD);
  await noSeriousAxe(console);
  await noHorizontalScroll(console);
  await shot(console, { path: `${SHOTS}/console-review-${project}.png`, fullPage: true });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(console.getByText(`${ref} was approved.`)).toBeVisible(LOAD);
  await console.getByRole('combobox', { name: 'Status' }).selectOption('APPROVED');
  await expect(console.getByRole('row').filter({ hasText: ref })).toContainText('Approved', LOAD);
  await ops.close();

  await page.reload();
  await expect(page.getByTestId('points-redemption').filter({ hasText: 'Palaro cap' })).toContainText('Approved', LOAD);
  await shot(page, { path: `${SHOTS}/redeemed-${project}.png`, fullPage: true });
});
