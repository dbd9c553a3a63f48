import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { startServer, type ExtraServer } from '../lib/server';
import { api, call, cashierPort, operatorToken, playerToken, PNG, preparePage } from '../lib/cashier';
import { shot } from '../lib/shots';

// Rewards that keep their promises (issue 32, docs/rewards.md): a new
// member's first deposit earns the welcome bonus in the reward centre; it is
// claimed; a bet above its maximum is refused in words; the member plays it
// through with the progress in view, it converts, and they withdraw real
// money. Another member cancels a bonus by confirming a withdrawal. The
// daily rebate of a day played is claimed the next morning. Each project runs
// on a server of its own whose brand makes the terms small enough to play
// through in a test: 100 % up to 5,000.00, 1× the bonus, in-house games
// counting in full, bets up to 100.00, a 1 % rebate on slots, and no
// withdrawal turnover of deposits.
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/rewards';
const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');
const LOAD = { timeout: 20_000 };
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ExtraServer;
let ctx: APIRequestContext;
test.beforeAll(async ({}, info) => {
  server = await startServer(cashierPort(4, info.project.name));
  const doc = server.exportBrand() as Record<string, any>;
  doc.rewards = {
    welcome: { percent: 100, cap: 500_000, minDeposit: 20_000, wagerMultiple: 1, wagerWithDeposit: false, maxBet: 10_000, claimDays: 7, validDays: 30, weights: { BGS: 10_000 }, startsAt: 0 },
    rebate: { rates: { RNG: 100 }, at: '05:00', minAmount: 1, claimDays: 3, startsAt: 0 },
  };
  // No withdrawal turnover: the bonus's own wagering is what these tests play through.
  doc.cashier = { ...doc.cashier, turnoverMultiple: 0 };
  server.importBrand(doc);
  // The running server reads the brand again when its copy is 2 s old (brand.RefreshEvery), and no public
  // endpoint shows these terms to poll for: a deposit credited sooner could still meet the demo's terms.
  await new Promise((r) => setTimeout(r, 2_500));
  ctx = await api(server.url);
});
test.afterAll(async () => {
  await ctx?.dispose();
  await server?.stop();
});

/** A new member on this server (`palaro member add`) with its session token. */
async function newPlayer(prefix: string): Promise<{ username: string; token: string }> {
  const username = `${prefix}${randomUUID().replace(/-/g, '').slice(0, 9)}`;
  execFileSync(BIN, ['member', 'add', '--username', username], {
    env: { ...server.env, PALARO_MEMBER_PASSWORD: 'Palaro2026', PALARO_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { username, token: await playerToken(ctx, username) };
}

/** A bank deposit by the member, approved by the cashier: credited. */
async function deposit(token: string, amount: string) {
  const methods = (await call(ctx, 'GET', '/wps/cashier/deposit/methods', token)).value;
  const bank = methods.methods.find((m: { type: string }) => m.type === 'BANK');
  const res = await ctx.post('/wps/cashier/deposits', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: { method: bank.code, amount, reference: 'E2E-REWARD', receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG } },
  });
  const dep = (await res.json()).value;
  const ops = await operatorToken(ctx);
  const ok = await call(ctx, 'POST', `/ops/v1/cashier/deposits/${dep.id}/approve`, ops, {}, { 'Idempotency-Key': randomUUID() });
  expect(ok.code, JSON.stringify(ok)).toBe('ok');
}

/** The payment password and a payout account, through the withdrawal page's first two steps. */
async function prepareWithdrawal(page: Page) {
  await page.goto(server.url + '/member/withdraw');
  const pw = page.getByTestId('withdraw-step-password');
  await expect(pw).toBeVisible(LOAD);
  await pw.getByLabel('Login password', { exact: true }).fill('Palaro2026');
  await pw.getByLabel('New payment password', { exact: true }).fill('123456');
  await pw.getByLabel('Repeat new payment password', { exact: true }).fill('123456');
  await pw.getByTestId('pp-submit').click();
  const acc = page.getByTestId('withdraw-step-account');
  await expect(acc).toBeVisible(LOAD);
  await acc.getByTestId('pa-bank').selectOption('BDO');
  await acc.getByLabel('Account holder name', { exact: true }).fill('Reward Player');
  await acc.getByLabel('Account number', { exact: true }).fill('001234567890');
  await acc.getByTestId('pa-password').fill('123456');
  await acc.getByTestId('pa-submit').click();
  await expect(page.getByTestId('withdraw-form')).toBeVisible(LOAD);
}

/** Spins the in-house slot once at the amount shown in the bet input. */
async function spin(page: Page) {
  const button = page.getByTestId('slot-spin');
  await expect(button).toBeEnabled(LOAD);
  await button.click();
  await expect(page.getByTestId('slot-machine')).toHaveAttribute('data-phase', 'idle', { timeout: 90_000 });
  await expect(button).toHaveText('Spin', { timeout: 10_000 });
}

test('first deposit -> welcome bonus in the reward centre -> claim -> play it through -> converted -> withdraw @phone', async ({ page }, info) => {
  const project = info.project.name;
  const p = await newPlayer('wb');
  await deposit(p.token, '200');
  await preparePage(page, p.token);

  // The reward centre: the welcome bonus waits with its terms; the badge counts it.
  await page.goto(server.url + '/member/rewardCenter');
  const item = page.getByTestId('reward-item').filter({ hasText: 'Welcome Bonus' });
  await expect(item).toBeVisible(LOAD);
  await expect(item).toContainText('200.00');
  await expect(item).toContainText('Max bet');
  await expect(item).toContainText('100.00');
  await shot(page, { path: `${SHOTS}/reward-centre-${project}.png`, fullPage: true });
  await item.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/Your bonus of .*200\.00 has started/)).toBeVisible(LOAD);
  await expect(page.getByTestId('reward-item').filter({ hasText: 'Welcome Bonus' })).toHaveCount(0);

  // Bonus details: the bonus balance and no progress yet.
  await page.goto(server.url + '/member/bonusDetails');
  await expect(page.getByTestId('bonus-balance')).toContainText('200.00', LOAD);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await shot(page, { path: `${SHOTS}/bonus-details-${project}.png`, fullPage: true });

  // The slot: real money and bonus together; a bet above the bonus's maximum is refused in words, nothing moved.
  await page.goto(server.url + '/originals/slot');
  await expect(page.getByTestId('originals-balance')).toContainText('400.00', LOAD);
  const bet = page.getByTestId('bet-amount');
  await bet.fill('150');
  await page.getByTestId('slot-spin').click();
  await expect(page.getByText('This bet is above the maximum bet allowed while your bonus is active. Lower your bet (the limit is in Bonus details).')).toBeVisible(LOAD);
  await expect(page.getByTestId('originals-balance')).toContainText('400.00');
  // Two spins of 100.00: 200.00 wagered, the requirement met.
  await bet.fill('100');
  await spin(page);
  await spin(page);

  // The wagering is met: the bonus converts to real money, the history says so.
  await page.goto(server.url + '/member/bonusDetails');
  await expect(page.getByText('No active bonus')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('bonus-details')).toContainText('Converted');
  await shot(page, { path: `${SHOTS}/bonus-converted-${project}.png`, fullPage: true });

  // Withdraw real money: no bonus to confirm away.
  await prepareWithdrawal(page);
  const form = page.getByTestId('withdraw-form');
  await form.getByLabel('Withdrawal amount', { exact: true }).fill('100');
  await form.getByTestId('withdraw-password').fill('123456');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-held')).toBeVisible(LOAD);
});

test('withdrawing with an active bonus asks first, then cancels the bonus', async ({ page }) => {
  const p = await newPlayer('wc');
  await deposit(p.token, '300');
  // The deposit also earns the demo's daily reload: the welcome bonus is the one to claim here.
  const welcome = async () =>
    ((await call(ctx, 'GET', '/wps/rewards', p.token)).value?.list ?? []).find((r: { source: string }) => r.source === 'WELCOME');
  await expect.poll(async () => (await welcome())?.status, LOAD).toBe('ISSUED');
  const waiting = await welcome();
  const claimed = await call(ctx, 'POST', `/wps/rewards/${waiting.id}/claim`, p.token, undefined, { 'Idempotency-Key': randomUUID() });
  expect(claimed.code, JSON.stringify(claimed)).toBe('ok');
  await preparePage(page, p.token);
  await prepareWithdrawal(page);
  const form = page.getByTestId('withdraw-form');
  await form.getByLabel('Withdrawal amount', { exact: true }).fill('100');
  await form.getByTestId('withdraw-password').fill('123456');
  await page.getByTestId('withdraw-submit').click();
  const dialog = page.getByRole('alertdialog', { name: 'Withdrawing cancels your bonus' });
  await expect(dialog).toBeVisible(LOAD);
  await expect(dialog).toContainText('300.00');
  await shot(page, { path: `${SHOTS}/withdraw-bonus-confirm.png` });
  await dialog.getByRole('button', { name: 'Keep the bonus' }).click();
  await expect(dialog).toBeHidden();
  expect((await call(ctx, 'GET', '/wps/bonus', p.token)).value.active?.status).toBe('ACTIVE');
  await page.getByTestId('withdraw-submit').click();
  await page.getByRole('alertdialog', { name: 'Withdrawing cancels your bonus' }).getByRole('button', { name: 'Withdraw and cancel the bonus' }).click();
  await expect(page.getByTestId('withdraw-held')).toBeVisible(LOAD);
  await page.goto(server.url + '/member/bonusDetails');
  await expect(page.getByText('No active bonus')).toBeVisible(LOAD);
  await expect(page.getByTestId('bonus-details')).toContainText('Forfeited');
});

test("yesterday's rebate is claimed the next morning", async ({ page }) => {
  const p = await newPlayer('rb');
  await deposit(p.token, '100'); // below the welcome bonus's minimum: real money only
  await preparePage(page, p.token);
  await page.goto(server.url + '/originals/slot');
  await page.getByTestId('bet-amount').fill('50');
  await spin(page);
  await spin(page);
  // The rebate job of today, run as if it were 05:01 tomorrow in the brand's zone (Manila, UTC+8).
  const now = new Date();
  const manila = new Date(now.getTime() + 8 * 3_600_000);
  const tomorrow = Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), manila.getUTCDate() + 1, 5, 1) - 8 * 3_600_000;
  execFileSync(BIN, ['jobs', 'run', 'rewards.rebate.daily', '--as-of', new Date(tomorrow).toISOString()], { env: { ...server.env, PALARO_LOG_LEVEL: 'warn' }, encoding: 'utf8' });

  await page.goto(server.url + '/member/rewardCenter');
  const item = page.getByTestId('reward-item').filter({ hasText: 'Daily rebate' });
  await expect(item).toBeVisible(LOAD);
  await expect(item).toContainText('1.00'); // 1 % of 100.00
  const header = page.getByTestId('header-balance').getByTestId('balance-amount');
  const before = await header.textContent();
  await item.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/1\.00 was added to your main balance/)).toBeVisible(LOAD);
  await expect(header).not.toHaveText(before ?? '', LOAD);
  await shot(page, { path: `${SHOTS}/rebate-claimed.png`, fullPage: true });
});
