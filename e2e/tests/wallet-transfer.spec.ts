import { test, expect, type Page } from '../lib/test';
import AxeBuilder from '@axe-core/playwright';
import { credit, darkAndLight, newMember, openAs, playerToken } from '../lib/money';

// My wallet (/member/transferFund): the demo brand's transfer-wallet vendors
// (JDB and CQ9, served by the in-binary sandbox vendor over real HTTP). A fresh
// member with 1,000.00 moves money to a vendor and back, uses "transfer all
// back", and settles a transfer whose vendor answer was lost with "check
// status"; the header balance follows every move (socket balance events).
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-W2';
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 20_000 };

const header = (page: Page) => page.getByTestId('header-balance').getByTestId('balance-amount');
const card = (page: Page, vendor: string) => page.getByTestId(`vendor-wallet-${vendor}`);

async function transfer(page: Page, from: string, to: string, amount: string) {
  await page.getByTestId('transfer-from').selectOption(from);
  await page.getByTestId('transfer-to').selectOption(to);
  await page.getByTestId('transfer-amount').fill(amount);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/v2/wallets/transfer' && r.request().method() === 'POST');
  await page.getByTestId('transfer-submit').click();
  return answered;
}

test('main to a vendor and back, then all back; the header follows @phone', async ({ page, request }, info) => {
  const project = info.project.name;
  const member = newMember('trf');
  await credit(request, member.id, '1000.00');
  const token = await playerToken(request, member.username);
  await openAs(page, token, member.username);
  await page.goto('/member/transferFund');
  await expect(page.getByTestId('transfer-form')).toBeVisible(LOAD);
  await expect(page.getByTestId('wallet-main-balance')).toHaveText('₱1,000.00', LOAD);
  await expect(header(page)).toHaveText('₱1,000.00', LOAD);
  await expect(card(page, 'JDB')).toContainText('₱0.00');
  await expect(card(page, 'CQ9')).toContainText('₱0.00');
  await expect(page.getByTestId('transfer-all-back')).toBeDisabled();

  // Bad amounts are refused on the page; nothing is sent.
  let posts = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/wps/v2/wallets/transfer') && r.method() === 'POST') posts++;
  });
  await page.getByTestId('transfer-amount').fill('1.234');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-amount-error')).toHaveText('Use at most 2 decimal places.');
  // Once shown, the message follows the typing and the button waits for a valid amount.
  await expect(page.getByTestId('transfer-submit')).toBeDisabled();
  await page.getByTestId('transfer-amount').fill('1000.01');
  await expect(page.getByTestId('transfer-amount-error')).toContainText('more than the wallet holds (₱1,000.00)');
  await expect(page.getByTestId('transfer-submit')).toBeDisabled();
  expect(posts).toBe(0);

  // Main -> JDB, with an Idempotency-Key and the amount as a decimal string.
  const res = await transfer(page, 'MAIN', 'JDB', '250.5');
  expect(res.request().headers()['idempotency-key']).toMatch(/^[A-Za-z0-9-]{16,}$/);
  expect(res.request().postDataJSON()).toEqual({ from: 'MAIN', to: 'JDB', amount: '250.50' });
  await expect(page.getByTestId('transfer-note-ok')).toHaveText('₱250.50 moved from Main wallet to JDB Arcade Reels.');
  await expect(card(page, 'JDB').getByTestId('vendor-balance')).toHaveText('₱250.50');
  await expect(page.getByTestId('wallet-main-balance')).toHaveText('₱749.50');
  await expect(header(page)).toHaveText('₱749.50');
  await expect(page.getByTestId('wallet-total')).toHaveText('₱1,000.00');
  // The demo brand has AGENTPOLICY3: the consolidated funds show every part (asked on load).
  await expect(page.getByTestId('consolidated-total')).toHaveText('1,000.00 PHP', LOAD);

  // The card's "transfer in" picks main -> CQ9.
  await card(page, 'CQ9').getByTestId('vendor-transfer-in').click();
  await expect(page.getByTestId('transfer-from')).toHaveValue('MAIN');
  await expect(page.getByTestId('transfer-to')).toHaveValue('CQ9');
  await page.getByTestId('transfer-amount').fill('100');
  await page.getByTestId('transfer-submit').click();
  await expect(card(page, 'CQ9').getByTestId('vendor-balance')).toHaveText('₱100.00', LOAD);
  await expect(header(page)).toHaveText('₱649.50');

  // JDB -> main, part of it.
  await transfer(page, 'JDB', 'MAIN', '50.50');
  await expect(card(page, 'JDB').getByTestId('vendor-balance')).toHaveText('₱200.00', LOAD);
  await expect(header(page)).toHaveText('₱700.00');
  await page.waitForTimeout(300);
  await darkAndLight(page, `${SHOTS}/transferFund-${project}`, async () => {
    await expect(card(page, 'CQ9').getByTestId('vendor-balance')).toHaveText('₱100.00', LOAD);
  });

  // Everything back to main.
  await expect(page.getByTestId('transfer-all-back')).toBeEnabled();
  const allBack = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/v2/wallets/transfer/all-back');
  await page.getByTestId('transfer-all-back').click();
  expect((await allBack).request().headers()['idempotency-key']).toBeTruthy();
  await expect(page.getByTestId('transfer-note-ok')).toHaveText('Every provider wallet was moved back to your main wallet.');
  await expect(card(page, 'JDB').getByTestId('vendor-balance')).toHaveText('₱0.00');
  await expect(card(page, 'CQ9').getByTestId('vendor-balance')).toHaveText('₱0.00');
  await expect(page.getByTestId('wallet-main-balance')).toHaveText('₱1,000.00');
  await expect(header(page)).toHaveText('₱1,000.00');
  await expect(page.getByTestId('transfer-all-back')).toBeDisabled();
});

test('a transfer whose vendor answer was lost is settled by "check status"', async ({ page, request }) => {
  const member = newMember('pnd');
  await credit(request, member.id, '500.00');
  const token = await playerToken(request, member.username);
  await openAs(page, token, member.username);
  await page.goto('/member/transferFund');
  await expect(page.getByTestId('transfer-form')).toBeVisible(LOAD);
  await expect(header(page)).toHaveText('₱500.00', LOAD);

  // The sandbox vendor applies x.91 but drops its answer: the transfer is PENDING.
  const res = await transfer(page, 'MAIN', 'CQ9', '10.91');
  expect((await res.json()).value.status).toBe('PENDING');
  await expect(page.getByTestId('transfer-note-wait')).toContainText('waiting for the provider');
  const pending = page.getByTestId('pending-transfer');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('₱10.91: Main wallet → CQ9 Spin Studio');
  // It survives a reload (kept for the session).
  await page.reload();
  await expect(pending).toHaveCount(1, LOAD);
  await pending.getByTestId('pending-check').click();
  await expect(page.getByTestId('transfer-note-ok')).toContainText('Done: ₱10.91 moved from Main wallet to CQ9 Spin Studio.', LOAD);
  await expect(pending).toHaveCount(0);
  await expect(card(page, 'CQ9').getByTestId('vendor-balance')).toHaveText('₱10.91', LOAD);
  await expect(header(page)).toHaveText('₱489.09');

  // x.92: the vendor never got it; checking reverses it and the money is back.
  const lost = await transfer(page, 'MAIN', 'JDB', '20.92');
  expect((await lost.json()).value.status).toBe('PENDING');
  await expect(pending).toHaveCount(1);
  await pending.getByTestId('pending-check').click();
  await expect(page.getByTestId('transfer-note-error')).toContainText('did not go through', LOAD);
  await expect(pending).toHaveCount(0);
  await expect(card(page, 'JDB').getByTestId('vendor-balance')).toHaveText('₱0.00');
  await expect(header(page)).toHaveText('₱489.09', LOAD);

  // x.93: declined at once, nothing moved.
  await transfer(page, 'MAIN', 'JDB', '1.93');
  await expect(page.getByTestId('transfer-note-error')).toContainText('refused the transfer', LOAD);
  await expect(header(page)).toHaveText('₱489.09');
});

for (const [path, ready] of [
  ['/member/transferFund', 'transfer-form'],
  ['/member/transactionHistory', 'record-table'],
  ['/member/messageV2', 'messages-page'],
] as const) {
  for (const theme of ['dark', 'light']) {
    test(`no serious or critical axe violations on ${path} (${theme})`, async ({ page, request }) => {
      const member = newMember('axe');
      await credit(request, member.id, '100.00');
      const token = await playerToken(request, member.username);
      await page.addInitScript((th) => localStorage.setItem('theme', th), theme);
      await openAs(page, token, member.username);
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible(LOAD);
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).include('[data-testid="centre"]').analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
    });
  }
}
