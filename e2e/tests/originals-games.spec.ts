import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { credit, newMember, openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// Palaro Originals (issue 6), the games a member plays in the game popup's
// frame (/originals/<slug>, no storefront shell): Dice changes the balance
// exactly as the wallet says, Plinko drops along the server's path, Mines
// reveals and cashes out and resumes an unfinished board after a reload.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-web1';
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 20_000 };

async function member(request: APIRequestContext, page: Page) {
  const m = newMember('og');
  await credit(request, m.id, '1000.00');
  const token = await playerToken(request, m.username);
  await openAs(page, token, m.username);
  return { ...m, token };
}

/** The balance the wallet holds, formatted like the frame ("1,000.00"). */
async function walletBalance(request: APIRequestContext, token: string): Promise<string> {
  const body = await (await request.get('/wps/v2/wallets/balance', { headers: { Authorization: `Bearer ${token}` } })).json();
  const v: number = body.value.balance;
  return (v / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

async function openGame(page: Page, slug: string) {
  await page.goto(`/originals/${slug}`);
  await expect(page.getByTestId('originals-frame')).toBeVisible(LOAD);
  // The storefront shell is not there: the frame is the whole page.
  await expect(page.locator('header[class*="header"]')).toHaveCount(0);
  await expect(page.getByTestId('originals-balance')).toContainText('1,000.00', LOAD);
}

test('dice: a roll over a chosen chance moves the balance by the server result @phone', async ({ page, request }, info) => {
  const m = await member(request, page);
  await openGame(page, 'dice');
  await page.getByTestId('dice-over').click();
  await page.getByTestId('dice-chance').fill('25');
  await page.getByTestId('dice-chance').blur();
  await expect(page.getByTestId('dice-multiplier')).toHaveText('3.96×');
  await page.getByTestId('bet-amount').fill('10');
  await page.getByTestId('dice-roll-button').click();
  await expect(page.getByTestId('dice-roll')).toHaveAttribute('data-final', /^\d\d\.\d\d$/, LOAD);
  const roll = Number(await page.getByTestId('dice-roll').getAttribute('data-final'));
  // Over 74.99 at 25.00%: the outcome decides the balance, and the frame shows the wallet's.
  const expected = roll > 74.99 ? '1,029.60' : '990.00';
  await expect(page.getByTestId('originals-balance')).toContainText(expected, LOAD);
  expect(await walletBalance(request, m.token)).toBe(expected);
  await shot(page, { path: `${SHOTS}/dice-${info.project.name}.png` });
});

test('plinko: a ball drops into the server bucket and pays its multiplier', async ({ page, request }, info) => {
  const m = await member(request, page);
  await openGame(page, 'plinko');
  await page.getByTestId('plinko-rows').selectOption('16');
  await page.getByTestId('plinko-risk-high').click();
  await page.getByTestId('bet-amount').fill('10');
  const answer = page.waitForResponse((r) => r.url().endsWith('/wps/inhouse/plinko/bet'));
  await page.getByTestId('plinko-drop').click();
  const round = (await (await answer).json()).value.round;
  expect(round.outcome.path).toHaveLength(16);
  expect(round.outcome.bucket).toBe(round.outcome.path.filter(Boolean).length);
  await expect(page.getByTestId(`plinko-bucket-${round.outcome.bucket}`)).toHaveAttribute('data-lit', 'true', LOAD);
  await expect(page.getByTestId('plinko-recent').locator('li')).toHaveCount(1);
  const expected = await walletBalance(request, m.token);
  await expect(page.getByTestId('originals-balance')).toContainText(expected);
  expect(round.win).toBe(Math.floor((1000 * round.multiplier) / 10000));
  await shot(page, { path: `${SHOTS}/plinko-${info.project.name}.png` });
});

/** Starts an 8x8 board with one mine and reveals tiles until one is a gem (a mine restarts the board). */
async function startAndFindGem(page: Page): Promise<number> {
  await page.getByTestId('mines-size').selectOption('8');
  await page.getByTestId('mines-count').selectOption('1');
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByTestId('mines-start').click();
    await expect(page.getByTestId('mines-cashout')).toBeVisible(LOAD);
    const tile = 9 + attempt;
    await page.getByTestId(`mines-tile-${tile}`).click();
    const t = page.getByTestId(`mines-tile-${tile}`);
    await expect(t).not.toHaveAttribute('data-state', 'hidden', LOAD);
    if ((await t.getAttribute('data-state')) === 'gem') return tile;
    await expect(page.getByTestId('mines-result')).toContainText('Boom');
  }
  throw new Error('six mines in a row on an 8x8 board with one mine');
}

test('mines: reveal a gem, then cash out at the shown multiplier @phone', async ({ page, request }, info) => {
  const m = await member(request, page);
  await openGame(page, 'mines');
  await page.getByTestId('bet-amount').fill('10');
  await startAndFindGem(page);
  // One safe pick of 63 on 64 tiles: 0.99 x 64/63 = 1.0057x -> shown 1.00x, pays 10.05.
  await expect(page.getByTestId('mines-multiplier')).toHaveText('1.00×');
  await expect(page.getByTestId('mines-next')).toHaveText('1.02×');
  await expect(page.getByTestId('mines-cashout')).toContainText('10.05');
  await shot(page, { path: `${SHOTS}/mines-playing-${info.project.name}.png` });
  await page.getByTestId('mines-cashout').click();
  await expect(page.getByTestId('mines-result')).toContainText('10.05', LOAD);
  // The whole board is shown once the round ends: exactly one mine.
  await expect(page.locator('[data-testid^="mines-tile-"][data-state="mine-dim"]')).toHaveCount(1);
  const expected = await walletBalance(request, m.token);
  await expect(page.getByTestId('originals-balance')).toContainText(expected);
  await shot(page, { path: `${SHOTS}/mines-cashed-${info.project.name}.png` });
});

test('mines: an unfinished board comes back after a reload and can be cashed out', async ({ page, request }) => {
  await member(request, page);
  await openGame(page, 'mines');
  const gem = await startAndFindGem(page);
  await page.reload();
  await expect(page.getByTestId('mines-resumed')).toBeVisible(LOAD);
  await expect(page.getByTestId(`mines-tile-${gem}`)).toHaveAttribute('data-state', 'gem');
  await expect(page.getByTestId('mines-size')).toHaveValue('8');
  await page.getByTestId('mines-cashout').click();
  await expect(page.getByTestId('mines-result')).toBeVisible(LOAD);
  await expect(page.getByTestId('mines-start')).toBeEnabled();
});

test('a visitor is asked to log in instead of seeing a game', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'EN'));
  await page.goto('/originals/dice');
  await expect(page.getByTestId('originals-login')).toBeVisible(LOAD);
  await expect(page.getByTestId('dice-roll-button')).toHaveCount(0);
});
