// The console's feedback inbox, operators and approvals (issue 30, parts 2
// and 9, the checker side of maker-checker) through the real binary at
// 1280 px: a player's feedback answered in the console reaches their
// messages; an administrator adds a VIEWER who signs in and sees only what
// the role may, then disables them and their session ends; an adjustment
// above the brand's amount waits for a second operator, the maker is
// refused (four eyes) and another operator's approval moves the balance.
// Each page is checked with axe-core in light and dark, without horizontal
// scrolling, and photographed.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { captchaAnswer } from '../lib/db';
import { newMember, openAs, playerToken } from '../lib/money';
import { operatorSession } from '../lib/operator';
import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { shot } from '../lib/shots';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-opsfeed';
const LOAD = { timeout: 30_000 };
test.use({ viewport: { width: 1280, height: 800 } });
// Generous: axe runs twice per page, and the box is shared.
test.describe.configure({ timeout: 360_000 });

/** axe and no horizontal scroll in light and dark, with a picture of each. */
async function bothThemes(page: Page, name: string) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
      (document.activeElement as HTMLElement | null)?.blur?.();
    }, theme);
    await page.waitForTimeout(150);
    await noHorizontalScroll(page);
    await noSeriousAxe(page);
    await shot(page, { path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
  }
}

async function balance(request: APIRequestContext, token: string): Promise<number> {
  const body = await (await request.get('/wps/v2/wallets/balance', { headers: { Authorization: `Bearer ${token}` } })).json();
  return body.value.balance;
}

test('a player sends feedback in the storefront, an operator answers it in the console, the player reads the reply', async ({ page, browser }) => {
  const member = newMember('fb');
  const token = await playerToken(page.request, member.username);
  await openAs(page, token, member.username);
  await page.goto('/');
  const [captcha] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/wps/captcha') && r.request().method() === 'GET' && r.ok()),
    page.getByTestId('footer-feedback').click(),
  ]);
  const key = (await captcha.json()).value.captchaKey;
  const modal = page.getByTestId('feedback-modal');
  const text = `My deposit ${randomUUID().slice(0, 8)} has not arrived after an hour.`;
  await modal.getByRole('radio', { name: 'Deposit', exact: true }).check();
  await modal.getByTestId('feedback-content').fill(text);
  await modal.getByTestId('feedback-captcha').getByRole('textbox').fill(captchaAnswer(key));
  await modal.getByTestId('feedback-submit').click();
  await expect(modal.getByTestId('feedback-sent')).toBeVisible(LOAD);

  // The operator: the inbox filtered to new deposit feedback, the message, the reply.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ops = await ctx.newPage();
  await openConsole(ops, 'support01', '/feedback');
  await expect(ops.getByRole('heading', { level: 1, name: 'Feedback inbox' })).toBeVisible(LOAD);
  await ops.getByLabel('Type', { exact: true }).selectOption('Deposit');
  await ops.getByLabel('Status', { exact: true }).selectOption('New');
  await ops.getByRole('button', { name: 'Apply filters' }).click();
  await expect(ops).toHaveURL(/type=1&status=NEW/);
  const row = ops.getByRole('row').filter({ hasText: member.username });
  await expect(row).toBeVisible(LOAD);
  await bothThemes(ops, 'feedback-inbox');

  // CSV of the filter.
  const [download] = await Promise.all([ops.waitForEvent('download'), ops.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\ufeffFeedback no.,Received,Type,Status,Player,Contact,Message,Reply,Replied,Closed,IP address');
  expect(csv).toContain(`,Deposit,New,${member.username},,${text},`);

  await row.getByRole('link').click();
  await expect(ops.getByRole('heading', { level: 1, name: /^Feedback no\. \d+$/ })).toBeVisible(LOAD);
  await expect(ops.getByText(text)).toBeVisible();
  const box = ops.getByRole('textbox', { name: 'Your reply to the player' });
  await ops.getByRole('button', { name: 'Send reply' }).click();
  await expect(ops.getByText('Write a reply of 1 to 1000 characters.')).toBeVisible();
  await bothThemes(ops, 'feedback-detail');
  const reply = 'We found your deposit and credited it. Sorry for the wait.';
  await box.fill(reply);
  await ops.getByRole('button', { name: 'Send reply' }).click();
  await expect(ops.getByText("The reply was sent to the player's messages.")).toBeVisible(LOAD);
  await expect(ops.getByText(reply)).toBeVisible();
  await expect(box).toHaveCount(0);

  // Close it (confirmed).
  await ops.getByRole('button', { name: 'Close feedback' }).click();
  await ops.getByRole('alertdialog', { name: 'Close this feedback?' }).getByRole('button', { name: 'Close feedback' }).click();
  await expect(ops.getByText('The feedback is closed.')).toBeVisible(LOAD);
  await expect(ops.getByRole('button', { name: 'Close feedback' })).toHaveCount(0);
  await ctx.close();

  // The player reads the reply in their messages.
  await page.goto('/member/messageV2');
  const item = page.locator('[data-testid="message-item"][data-kind="feedback_reply"]');
  await expect(item).toHaveCount(1, LOAD);
  await item.getByTestId('message-open').click();
  await expect(item.getByTestId('message-body')).toContainText(reply);
});

test('an administrator adds a VIEWER, who sees only what the role may; disabled, their session ends', async ({ page, browser }) => {
  const username = `view${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const password = 'quiet-harbour-42';
  await openConsole(page, 'ops01', '/operators');
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible(LOAD);
  const me = page.getByRole('row').filter({ hasText: 'ops01' });
  await expect(me.getByText('You', { exact: true })).toBeVisible(LOAD);
  await bothThemes(page, 'operators');

  await page.getByRole('button', { name: 'Add operator' }).click();
  const add = page.getByRole('dialog', { name: 'Add an operator' });
  await add.getByLabel('Username').fill(username);
  await add.getByLabel('Role').selectOption('VIEWER');
  await add.getByLabel('Initial password').fill(username);
  await add.getByLabel('Repeat the password').fill('different');
  await add.getByRole('button', { name: 'Add operator' }).click();
  await expect(add.getByText('Use 8 to 128 characters, not the username.')).toBeVisible();
  await expect(add.getByText('The two passwords differ.')).toBeVisible();
  await noSeriousAxe(page);
  await shot(page, { path: `${SHOTS}/operators-add-dark.png` });
  await add.getByLabel('Initial password').fill(password);
  await add.getByLabel('Repeat the password').fill(password);
  await add.getByRole('button', { name: 'Add operator' }).click();
  await expect(page.getByText(`Operator ${username} was added.`)).toBeVisible(LOAD);
  await page.getByLabel('Username contains').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText('Never');

  // The new operator signs in through the form and sees what VIEWER may.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewer = await ctx.newPage();
  await viewer.goto('/console/');
  await viewer.getByLabel('Username').fill(username);
  await viewer.getByLabel('Password').fill(password);
  await viewer.getByRole('button', { name: 'Sign in' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: `Welcome, ${username}` })).toBeVisible(LOAD);
  const nav = viewer.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link', { name: 'Feedback' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  await viewer.goto('/console/operators');
  await expect(viewer).toHaveURL(/\/console\/?$/);
  await viewer.goto('/console/feedback');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Feedback inbox' })).toBeVisible(LOAD);

  // ops01 disables them (confirmed, with a reason); their session ends.
  await row.getByRole('button', { name: `Manage ${username}` }).click();
  const manage = page.getByTestId('manage-operator');
  await expect(manage).toContainText('Last sign-in');
  await bothThemes(page, 'operators-manage');
  await manage.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Disable ${username}?` });
  await confirm.getByLabel('Reason (optional)').fill('left the team');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${username} is disabled and signed out.`)).toBeVisible(LOAD);
  await expect(manage.getByRole('button', { name: 'Enable' })).toBeVisible();
  await viewer.reload();
  await expect(viewer).toHaveURL(/\/console\/login$/, LOAD);
  await ctx.close();

  // Their password no longer works either.
  const res = await page.request.post('/ops/v1/login', { data: { username, password } });
  expect((await res.json()).code).toBe('operator.disabled');

  // Their own row: the server keeps the last administrator, and its refusal is shown.
  await manage.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Username contains').fill('ops01');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: 'ops01' }).getByRole('button', { name: 'Manage ops01' }).click();
  const self = page.getByTestId('manage-operator');
  await expect(self).toContainText('This is your own account.');
  await self.getByRole('button', { name: 'Disable' }).click();
  const refuse = page.getByRole('alertdialog', { name: 'Disable ops01?' });
  await refuse.getByRole('button', { name: 'Disable' }).click();
  await expect(refuse.getByRole('alert')).toHaveText('This would leave no active administrator. Make another operator ADMIN first.');
});

test('an adjustment above the approval amount: the maker is refused, another operator approves and the balance moves', async ({ page, browser }) => {
  const member = newMember('mc');
  const playerTok = await playerToken(page.request, member.username);
  const before = await balance(page.request, playerTok);
  const finance = await operatorSession(page.request, 'finance01');
  const res = await page.request.post('/ops/v1/adjustments', {
    headers: { Authorization: `Bearer ${finance}`, 'Idempotency-Key': randomUUID() },
    data: { memberId: member.id, direction: 'CREDIT', amount: '12345.67', reason: 'e2e jackpot correction' },
  });
  expect(res.status()).toBe(202);
  const pending = (await res.json()).value.adjustment;
  expect(pending.status).toBe('PENDING_APPROVAL');
  expect(await balance(page.request, playerTok)).toBe(before);

  // The maker tries: four eyes.
  await openConsole(page, 'finance01', '/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible(LOAD);
  const mine = page.getByRole('row').filter({ hasText: member.username });
  await expect(mine).toContainText('12,345.67 PHP', LOAD);
  await expect(mine).toContainText('Yours');
  await expect(mine.getByRole('link', { name: `Open the player ${member.username}` })).toHaveAttribute('href', `/console/players/${member.id}`);
  await bothThemes(page, 'approvals');
  await mine.getByRole('button', { name: `Approve adjustment no. ${pending.id}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Approve adjustment no. ${pending.id}?` });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You made this adjustment: another operator must approve or reject it.');
  await noSeriousAxe(page);
  await shot(page, { path: `${SHOTS}/approvals-four-eyes-dark.png` });
  expect(await balance(page.request, playerTok)).toBe(before);

  // Another operator approves it.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const checker = await ctx.newPage();
  await openConsole(checker, 'ops01', '/approvals');
  const row = checker.getByRole('row').filter({ hasText: member.username });
  await expect(row).toContainText('finance01', LOAD);
  await row.getByRole('button', { name: `Reject adjustment no. ${pending.id}` }).click();
  const reject = checker.getByRole('alertdialog', { name: `Reject adjustment no. ${pending.id}?` });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Write a reason of 3 to 200 characters.')).toBeVisible();
  await bothThemes(checker, 'approvals-reject');
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: `Approve adjustment no. ${pending.id}` }).click();
  await checker.getByRole('alertdialog', { name: `Approve adjustment no. ${pending.id}?` }).getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText('Approved: 12,345.67 PHP posted.')).toBeVisible(LOAD);
  await expect(row).toHaveCount(0);
  expect(await balance(page.request, playerTok)).toBe(before + 1_234_567);

  // The record: posted, by whom.
  await checker.getByLabel('Show').selectOption('POSTED');
  const posted = checker.getByRole('row').filter({ hasText: member.username });
  await expect(posted).toContainText('Posted', LOAD);
  await expect(posted).toContainText('by ops01');
  await ctx.close();
});
