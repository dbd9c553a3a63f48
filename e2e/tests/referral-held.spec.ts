// A referral reward held as self-referral (docs/rewards.md "Abuse flags")
// released by an operator in the console, and the referrer then claiming it
// in the reward centre. Linking needs a public address (loopback tells no
// one apart), so the test runs a server of its own that trusts the
// forwarding proxy's X-Forwarded-For (PALARO_TRUST_PROXY), and the referrer
// and the friend both come from 203.0.113.77: the same household, as the
// abuse check sees it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import { captchaAnswer, dbPath, query } from '../lib/db';
import { bankDeposit, credit, decideDeposit, PASSWORD, playerToken } from '../lib/money';
import { operatorSession } from '../lib/operator';
import { startServer, type ExtraServer } from '../lib/server';
import { shot } from '../lib/shots';
import { test, expect as baseExpect } from '../lib/test';

const expect = baseExpect.configure({ timeout: 20_000 });
const port = Number(process.env.E2E_PORT ?? 18181) + 41;
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/referral-held';
const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');
const HOME = { 'X-Forwarded-For': '203.0.113.77' };
let server: ExtraServer;
let api: APIRequestContext; // operators, from the server's own host
let home: APIRequestContext; // the household's address

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  server = await startServer(port, { PALARO_TRUST_PROXY: '1' });
  api = await pwRequest.newContext({ baseURL: server.url });
  home = await pwRequest.newContext({ baseURL: server.url, extraHTTPHeaders: HOME });
});
test.afterAll(async () => {
  await api?.dispose();
  await home?.dispose();
  await server?.stop();
});

function addMember(prefix: string): { id: number; username: string } {
  const username = `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const out = execFileSync(BIN, ['member', 'add', '--username', username], {
    env: { ...server.env, PALARO_MEMBER_PASSWORD: PASSWORD, PALARO_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { id: Number(/id=(\d+)/.exec(out)![1]), username };
}

/** The register popup at path, filled in and sent; waits for the new member's session. */
async function registerThrough(friend: Page, path: string, username: string) {
  let key = '';
  friend.on('response', async (r) => {
    if (!r.url().includes('/wps/captcha') || !r.ok()) return;
    try {
      key = (await r.json()).value.captchaKey;
    } catch {
      /* the page moved on */
    }
  });
  await friend.goto(server.url + path);
  const modal = friend.getByTestId('register-modal');
  await expect(modal.getByTestId('register-form-username')).toBeVisible();
  await expect(async () => {
    if (!(await modal.getByTestId('captcha-image').isVisible())) {
      await modal.getByTestId('captcha-refresh').click();
      await friend.waitForTimeout(1100);
    }
    await expect(modal.getByTestId('captcha-image')).toBeVisible({ timeout: 1500 });
    expect(key).not.toBe('');
  }).toPass({ timeout: 20_000 });
  await modal.locator('input[name="username"]').fill(username);
  await modal.locator('input[name="password"]').fill('Malakas99');
  await modal.locator('input[name="confirmPassword"]').fill('Malakas99');
  await modal.locator('input[name="captcha"]').fill(captchaAnswer(key, dbPath(server.env)));
  await modal.locator('input[name="adult"]').check();
  await modal.locator('input[name="terms"]').check();
  await modal.locator('button[type="submit"]').click();
  await expect(friend.getByTestId('register-modal')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => friend.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
}

test('a held referral reward approved in the console reaches the referrer\'s reward centre', async ({ browser }) => {
  // The referrer logs in from home and has their link.
  const referrer = addMember('rh');
  const refToken = await playerToken(home, referrer.username);
  const view = (await (await home.get('/wps/referral', { headers: { Authorization: `Bearer ${refToken}` } })).json()).value;

  // A friend registers through it from the same address, deposits ₱500 and bets ₱2,000: the rule is met.
  const friendCtx = await browser.newContext({ extraHTTPHeaders: HOME, viewport: { width: 1440, height: 900 } });
  const friend = await friendCtx.newPage();
  await friend.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    const orig = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (this === sessionStorage && key.startsWith('popupClosed:')) return '1';
      return orig.call(this, key);
    };
  });
  const friendName = `fh${randomUUID().replace(/-/g, '').slice(0, 9)}`;
  await registerThrough(friend, view.path, friendName);
  const friendToken = (await friend.evaluate(() => sessionStorage.getItem('token')))!;
  await friendCtx.close();
  const [[friendId]] = query(`SELECT id FROM account_member WHERE account = '${friendName}'`, dbPath(server.env));
  const dep = await bankDeposit(home, friendToken, '500');
  await decideDeposit(api, dep.id, 'approve');
  await credit(api, Number(friendId), '2500.00');
  for (let i = 0; i < 10; i++) {
    const body = await (
      await home.post('/wps/inhouse/dice/bet', {
        headers: { Authorization: `Bearer ${friendToken}`, 'Idempotency-Key': randomUUID() },
        data: { amount: 20_000, target: 5000, over: false },
      })
    ).json();
    expect(body.code, JSON.stringify(body)).toBe('ok');
  }

  // Held, not issued: the referrer sees it under review and nothing waits in the reward centre.
  const refAuth = { Authorization: `Bearer ${refToken}` };
  await expect
    .poll(async () => (await (await home.get('/wps/referral', { headers: refAuth })).json()).value.friends.map((f: { status: string }) => f.status), { timeout: 30_000 })
    .toEqual(['HELD']);
  const waiting = (await (await home.get('/wps/rewards?status=waiting', { headers: refAuth })).json()).value.list;
  expect(waiting.filter((r: { title: string }) => r.title === 'Refer a Friend reward')).toEqual([]);

  // The operator sees why and approves it.
  const opsToken = await operatorSession(api, 'ops01');
  const ops = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const op = await ops.newPage();
  await op.addInitScript((t) => {
    sessionStorage.setItem('palaro.console.token', t);
    localStorage.setItem('palaro.console.lang', 'EN');
  }, opsToken);
  await op.goto('/console/referral');
  const holds = op.getByTestId('referral-holds');
  const row = holds.getByRole('row').filter({ hasText: referrer.username });
  await expect(row).toBeVisible();
  await expect(row).toContainText('188.00');
  await shot(op, { path: `${SHOTS}/console-held-1280.png`, fullPage: true });
  await row.getByRole('button', { name: `Approve the reward of ${referrer.username}` }).click();
  await expect(op.getByText(`The reward of ${referrer.username} was issued.`)).toBeVisible();
  await ops.close();

  // The referrer claims ₱188 in the reward centre.
  const refCtx = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await refCtx.newPage();
  await page.addInitScript(
    ([tk, user]) => {
      localStorage.setItem('lang', 'EN');
      for (const u of ['anonymous', user]) sessionStorage.setItem(`popupClosed:${u}`, '1');
      if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', tk);
    },
    [refToken, referrer.username],
  );
  await page.goto('/member/rewardCenter');
  const item = page.getByTestId('reward-item').filter({ hasText: 'Refer a Friend reward' });
  await expect(item).toContainText('188.00');
  await item.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/188\.00 was added to your main balance/)).toBeVisible();
  await shot(page, { path: `${SHOTS}/referrer-claimed-1440.png` });
  await refCtx.close();
});
