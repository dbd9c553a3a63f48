// Jeepney Crash end to end on the real binary: a member bets during the
// countdown, cashes out by hand while the jeepney flies, and sees the cash-out
// in the live players list and the win in the balance and in recall. A round
// that busts before the cash-out reaches the server (1.00x rounds happen) is
// lost like for any player; the test then bets again on the next round.
import { expect, test, type APIRequestContext, type Page } from '../lib/test';
import { credit, newMember, openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-web2';

type Round = { id: number; status: string; amount: number; win: number; outcome: { point?: number; cashedOutAt?: number } };

async function member(request: APIRequestContext, amount = '1000.00') {
  const m = newMember('cr');
  await credit(request, m.id, amount);
  return { ...m, token: await playerToken(request, m.username) };
}

async function crashRounds(request: APIRequestContext, token: string): Promise<Round[]> {
  const res = await request.get('/wps/inhouse/rounds?game=crash&pageNo=1&pageSize=20', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).value.list;
}

const money = (minor: number) => `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

/**
 * Places a bet in a betting phase. Betting may close between seeing the
 * countdown and the click: the button then queues the bet for the next round
 * (or, refused by the server, offers it again), so this waits a round.
 */
async function placeBet(page: Page) {
  const button = page.getByTestId('crash-bet');
  const mine = page.getByTestId('crash-players').locator('tr[data-mine]');
  for (let i = 0; i < 3; i++) {
    await expect(page.getByTestId('crash-countdown')).toBeVisible({ timeout: 90_000 });
    await button.click();
    await expect(mine.or(button.filter({ hasText: /Cancel bet|Bet on the next round/ }))).toBeVisible();
    if ((await button.textContent())?.includes('Cancel bet')) {
      await expect(mine).toBeVisible({ timeout: 90_000 });
      return;
    }
    // Refused (betting closed on the server): wait for a late answer, else try the next round.
    const late = await expect(mine)
      .toBeVisible({ timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (late) return;
  }
  throw new Error('no bet placed in 3 rounds');
}

/** Bets in the next betting phase and cashes out as soon as the round flies; true when cashed out. */
async function betAndCashOut(page: Page): Promise<boolean> {
  await placeBet(page);
  const cash = page.getByTestId('crash-cashout');
  const crashed = page.getByTestId('crash-crashed');
  await expect(cash.or(crashed)).toBeVisible({ timeout: 30_000 });
  if (await crashed.isVisible()) return false;
  await expect(cash).toContainText(/Cash out/);
  await cash.click();
  const mine = page.getByTestId('crash-players').locator('tr[data-mine]');
  await expect(mine).toHaveAttribute('data-state', /cashed|lost/, { timeout: 30_000 });
  return (await mine.getAttribute('data-state')) === 'cashed';
}

test('a Crash round: bet in the countdown, cash out by hand, see the win in the players list and the balance', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const m = await member(request);
  await openAs(page, m.token, m.username);
  await page.goto('/originals/crash');
  await expect(page.getByTestId('crash-stage')).toBeVisible();
  await expect(page.getByTestId('originals-balance')).toContainText('1,000.00');

  let cashed = false;
  for (let i = 0; i < 4 && !cashed; i++) cashed = await betAndCashOut(page);
  expect(cashed, 'cashed out in one of 4 rounds').toBe(true);

  const mine = page.getByTestId('crash-players').locator('tr[data-mine]');
  await expect(mine).toContainText('You');
  await expect(mine).toContainText(/\d+\.\d\d×/);
  await shot(page, { path: `${SHOTS}/crash-cashed-${info.project.name}.png`, fullPage: true });

  // Every round played is in recall; the balance is the start plus their results.
  await expect(page.getByTestId('crash-crashed')).toBeVisible({ timeout: 120_000 });
  await expect
    .poll(async () => (await crashRounds(request, m.token)).every((r) => r.status === 'COMPLETED'), { timeout: 20_000 })
    .toBe(true);
  const rounds = await crashRounds(request, m.token);
  const won = rounds.find((r) => r.win > 0)!;
  expect(won.outcome.cashedOutAt).toBeGreaterThanOrEqual(100);
  // A bet settled at its cash-out may be recorded before the point is known (point 0).
  if (won.outcome.point) expect(won.outcome.cashedOutAt!).toBeLessThanOrEqual(won.outcome.point);
  expect(won.win).toBe(Math.floor((won.amount * won.outcome.cashedOutAt!) / 100));
  const expected = 100_000 + rounds.reduce((a, r) => a + r.win - r.amount, 0);
  await expect(page.getByTestId('originals-balance')).toContainText(money(expected));
  // The crash point joined the history, linked to the verifier with its hash.
  const chip = page.getByTestId('crash-history').locator('a').first();
  await expect(chip).toHaveAttribute('href', /\/originals\/verify\?game=crash&hash=[0-9a-f]{64}/);
  await shot(page, { path: `${SHOTS}/crash-${info.project.name}.png`, fullPage: true });
});

test('@phone Crash on a phone: the table, a bet with an auto cash-out, the curve and the list', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const m = await member(request, '100.00');
  await openAs(page, m.token, m.username);
  await page.goto('/originals/crash');
  await expect(page.getByTestId('crash-stage')).toBeVisible();
  await expect(page.getByTestId('crash-countdown')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('crash-auto-toggle').check();
  await page.getByTestId('crash-auto').fill('1.01');
  await placeBet(page);
  await shot(page, { path: `${SHOTS}/crash-betting-${info.project.name}.png` });
  // A reload keeps the member's bet of the current round (GET state and the socket mark it as theirs).
  await page.reload();
  await expect(page.getByTestId('crash-players').locator('tr[data-mine]')).toContainText('10.00');
  // The auto cash-out at 1.01x settles by itself unless the round busts at 1.00x.
  const mine = page.getByTestId('crash-players').locator('tr[data-mine]');
  await expect(mine).toHaveAttribute('data-state', /cashed|lost/, { timeout: 60_000 });
  await expect(page.getByTestId('crash-multiplier')).toHaveText(/\d+\.\d\d×/);
  await shot(page, { path: `${SHOTS}/crash-flight-${info.project.name}.png` });
  const box = await page.getByTestId('crash-stage').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('visitors watch the shared round and are asked to log in to bet', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'EN'));
  await page.goto('/originals/crash');
  await expect(page.getByTestId('crash-stage')).toBeVisible();
  await expect(page.getByTestId('crash-countdown').or(page.getByTestId('crash-multiplier'))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('crash-login')).toHaveText('Log in to bet');
});
