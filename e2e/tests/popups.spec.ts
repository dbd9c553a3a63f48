import { test, expect, type Page } from '../lib/test';
import { newMember, PASSWORD } from '../lib/money';
import { shot } from '../lib/shots';

// Who sees which announcement popup (spec section 4): visitors execution B,
// logged-in members A, a player's first login F, and nobody on the agent
// pages. Titles of the demo popups (internal/content/demo.go), in English.
test.describe.configure({ timeout: 120_000 });
const VISITOR = 'Welcome to Palaro!';
const MEMBER = 'Daily Reload: 30% bonus';
const FIRST = 'Thanks for joining!';
const AFTER_SUBMIT = { timeout: 30_000 };

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('lang', 'EN'));
}

async function popupTitles(page: Page): Promise<string[]> {
  const modal = page.getByTestId('announcements-modal');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  return modal.getByRole('list').getByRole('button').allInnerTexts();
}

/** No popup within a generous idle wait (it opens after load and idle). */
async function expectNoPopup(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(2500);
  await expect(page.getByTestId('announcements-modal')).toHaveCount(0);
}

async function loginThroughPopup(page: Page, username: string) {
  await page.getByTestId('header-login-compact').click();
  const modal = page.getByTestId('login-modal');
  await modal.locator('input[name="username"]').fill(username);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.locator('button[type="submit"]').click();
  await expect(page.getByTestId('member-menu-button')).toBeVisible(AFTER_SUBMIT);
}

test('a visitor sees the sign-up popup (B) on the storefront and none on the agent login page', async ({ page }) => {
  await english(page);
  await page.goto('/');
  const titles = await popupTitles(page);
  expect(titles.join('|')).toContain(VISITOR);
  expect(titles.join('|')).not.toContain(MEMBER);
  expect(titles.join('|')).not.toContain(FIRST);
  await shot(page, { path: '/tmp/shots-ux/popup-visitor.png' });

  const agentPage = await page.context().newPage();
  await english(agentPage);
  await agentPage.goto('/agent');
  await expect(agentPage.getByTestId('agent-landing')).toBeVisible();
  await expectNoPopup(agentPage);
});

test("a new player's first login shows the first-login popup (F); the next login the members' popup (A)", async ({ browser }) => {
  const { username } = newMember('pop');
  const first = await browser.newContext();
  const page = await first.newPage();
  await english(page);
  await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
  await page.goto('/');
  await loginThroughPopup(page, username);
  const titles = (await popupTitles(page)).join('|');
  expect(titles).toContain(FIRST);
  expect(titles).not.toContain(VISITOR);
  expect(titles).not.toContain(MEMBER);
  // The welcome offer with its real terms (the demo brand's rewards.welcome), and its links lead there.
  const modal = page.getByTestId('announcements-modal');
  await modal.getByRole('button', { name: FIRST }).click();
  await expect(modal.getByRole('article')).toContainText('100% Welcome Bonus, up to ₱5,000');
  await expect(modal.getByRole('article')).toContainText('of at least ₱200');
  await modal.getByRole('link', { name: 'first deposit' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/member\/depositv2$/);
  await first.close();

  const again = await browser.newContext();
  const p2 = await again.newPage();
  await english(p2);
  await p2.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
  await p2.goto('/');
  await loginThroughPopup(p2, username);
  const next = (await popupTitles(p2)).join('|');
  expect(next).toContain(MEMBER);
  expect(next).not.toContain(FIRST);
  await again.close();
});

test('the returning demo player demo01 gets the members\' popup (A), not the first-login one', async ({ page }) => {
  await english(page);
  await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
  await page.goto('/');
  await loginThroughPopup(page, 'demo01');
  const titles = (await popupTitles(page)).join('|');
  expect(titles).toContain(MEMBER);
  expect(titles).not.toContain(FIRST);
  expect(titles).not.toContain(VISITOR);
});

test('the agent sees no popup on the agent pages; off them, the members\' popup and never the first-login one', async ({ page }) => {
  await english(page);
  await page.goto('/agent');
  await expect(page.getByTestId('agent-landing')).toBeVisible();
  await page.getByTestId('agent-username').fill('agent01');
  await page.getByTestId('agent-password').fill(PASSWORD);
  await page.getByTestId('agent-login-submit').click();
  await expect(page).toHaveURL(/\/agentHome$/, AFTER_SUBMIT);
  await expectNoPopup(page);
  await page.reload();
  await expectNoPopup(page);
  // Off the agent pages an agent is a logged-in user: never the first-login or the visitors' popup.
  await page.goto('/');
  await expect(page.getByTestId('member-menu-button')).toBeVisible(AFTER_SUBMIT);
  await page.waitForLoadState('load');
  await page.waitForTimeout(2500);
  const modal = page.getByTestId('announcements-modal');
  if (await modal.count()) {
    const titles = (await modal.getByRole('list').getByRole('button').allInnerTexts()).join('|');
    expect(titles).not.toContain(FIRST);
    expect(titles).not.toContain(VISITOR);
  }
});
