import { test, expect } from '../lib/test';
import { bankDeposit, darkAndLight, decideDeposit, newMember, openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// Pushed notices and platform messages (contract "Notifications"): an operator
// decision on a member's deposit reaches the open storefront as a toast over
// the websocket, raises the unread badge (member menu and centre menu), and is
// listed in /member/messageV2, where opening it marks it read and "mark all
// read" clears the rest. The deposit itself is made through the API here: the
// deposit page's own flow is covered by the cashier specs.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-W2';
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 20_000 };

test('deposit decisions arrive as toasts, badges and messages @phone', async ({ page, request }, info) => {
  const project = info.project.name;
  const phone = project === 'phone';
  const member = newMember('ntc');
  const token = await playerToken(request, member.username);
  await openAs(page, token, member.username);
  const socket = page.waitForEvent('websocket', LOAD);
  await page.goto('/member/transactionHistory');
  await expect(page.getByTestId('record-page')).toBeVisible(LOAD);
  await socket;
  // No messages yet: no badge, and the unread call was made once for this real member.
  await expect(page.getByTestId('member-menu-unread')).toHaveCount(0);
  await page.waitForTimeout(500);

  const rejected = await bankDeposit(request, token, '250');
  await decideDeposit(request, rejected.id, 'reject', 'Receipt unreadable');
  const toast = page.locator('[data-testid="notice-toast"][data-kind="deposit_rejected"]');
  await expect(toast.first()).toBeVisible(LOAD);
  await expect(toast.first()).toHaveAttribute('data-kind', 'deposit_rejected');
  await expect(toast.first()).toContainText('Deposit rejected');
  await expect(toast.first()).toContainText('₱250.00');
  await expect(toast.first()).toContainText('Receipt unreadable');
  await expect(toast.first()).toContainText(rejected.orderNo);
  await shot(page, { path: `${SHOTS}/notice-toast-${project}-dark.png` });
  await expect(page.getByTestId('member-menu-unread')).toHaveText(/^1/);
  if (!phone) await expect(page.getByTestId('centre-badge-messageV2')).toHaveText('1');

  const credited = await bankDeposit(request, token, '1234.5');
  await decideDeposit(request, credited.id, 'approve');
  await expect(page.locator('[data-testid="notice-toast"][data-kind="deposit_credited"]')).toContainText('₱1,234.50', LOAD);
  await expect(page.getByTestId('member-menu-unread')).toHaveText(/^2/);
  // The credit is live in the header and in the account record (refreshed by the notice).
  await expect(page.getByTestId('header-balance').getByTestId('balance-amount')).toHaveText('₱1,234.50', LOAD);
  await expect(page.getByTestId('record-row').first()).toContainText('+₱1,234.50', LOAD);

  // The member menu's messages entry carries the count and opens the list.
  await page.getByTestId('member-menu-button').click();
  await expect(page.getByTestId('menu-messages-unread')).toHaveText(/^2/);
  await page.getByTestId('menu-messages').click();
  await expect(page).toHaveURL(/\/member\/messageV2$/);
  const items = page.getByTestId('message-item');
  await expect(items).toHaveCount(2, LOAD);
  await expect(page.getByTestId('messages-unread-line')).toHaveText('2 unread');
  await expect(items.first()).toHaveAttribute('data-read', 'false');
  await expect(items.first()).toHaveAttribute('data-kind', 'deposit_credited');
  await expect(items.nth(1)).toHaveAttribute('data-kind', 'deposit_rejected');

  // Opening one shows its body and marks it read.
  await items.nth(1).getByTestId('message-open').click();
  await expect(items.nth(1).getByTestId('message-body')).toContainText('Receipt unreadable');
  await expect(items.nth(1)).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('member-menu-unread')).toHaveText(/^1/);
  await expect(page.getByTestId('messages-unread-line')).toHaveText('1 unread');
  await page.waitForTimeout(300);
  await shot(page, { path: `${SHOTS}/messageV2-open-${project}-dark.png`, fullPage: !phone });

  // A reload keeps the read state (it is the server's).
  await page.reload();
  await expect(items).toHaveCount(2, LOAD);
  await expect(items.nth(1)).toHaveAttribute('data-read', 'true');
  await expect(items.first()).toHaveAttribute('data-read', 'false');
  await darkAndLight(page, `${SHOTS}/messageV2-${project}`, async () => {
    await expect(items).toHaveCount(2, LOAD);
  });

  await page.getByTestId('messages-read-all').click();
  await expect(page.getByTestId('messages-unread-line')).toHaveText('You have read everything.');
  await expect(items.first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('member-menu-unread')).toHaveCount(0);
  if (!phone) await expect(page.getByTestId('centre-badge-messageV2')).toHaveCount(0);
  await expect(page.getByTestId('messages-read-all')).toBeDisabled();
});

test('trial users never ask for the unread count', async ({ page }) => {
  let unread = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/message/unread') unread++;
  });
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    sessionStorage.setItem('popupClosed:anonymous', '1');
  });
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
  await page.goto('/');
  await page.getByTestId('header-login-compact').click();
  await page.getByTestId('login-try-free').click();
  await expect(page.getByTestId('member-menu-button')).toBeVisible(LOAD);
  await page.getByTestId('member-menu-button').click();
  await expect(page.getByTestId('member-menu')).toBeVisible();
  await expect(page.getByTestId('menu-messages')).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(unread).toBe(0);
});
