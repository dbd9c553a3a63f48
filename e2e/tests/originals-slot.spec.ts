// Palaro Parol Spins end to end on the real binary: a member's slot session
// moves the balance by exactly the rounds' results (the stake when the reels
// start, the server's balance after the presentation), then rotates the seed
// pair and verifies a played round in the browser verifier. Free spins cannot
// be forced without a backdoor (the server seed is secret until rotation), so
// the free-spin sequence and its resume after a reload are covered by the unit
// tests (web/apps/player/src/features/originals/slot/SlotGame.test.tsx).
import { expect, test, type APIRequestContext, type Page } from '../lib/test';
import { credit, newMember, openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-web2';

type Round = { id: number; status: string; amount: number; win: number; jackpotWin?: number; outcome: { spins: unknown[] } };

async function member(request: APIRequestContext, amount = '1000.00') {
  const m = newMember('sl');
  await credit(request, m.id, amount);
  return { ...m, token: await playerToken(request, m.username) };
}

async function rounds(request: APIRequestContext, token: string): Promise<Round[]> {
  const res = await request.get('/wps/inhouse/rounds?game=slot&pageNo=1&pageSize=50', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).value.list;
}

/** "1,234.50" from minor units. */
const money = (minor: number) => `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

/** Spins once and waits until the round (with any free spins) has been presented. */
async function spinOnce(page: Page) {
  const button = page.getByTestId('slot-spin');
  await expect(button).toHaveText('Spin');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByTestId('slot-machine')).not.toHaveAttribute('data-phase', 'idle', { timeout: 5_000 }).catch(() => {});
  await expect(page.getByTestId('slot-machine')).toHaveAttribute('data-phase', 'idle', { timeout: 90_000 });
  await expect(button).toHaveText('Spin', { timeout: 10_000 });
}

test('a slot session changes the balance by the rounds played; rotated seeds verify a round in the browser', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const m = await member(request);
  await openAs(page, m.token, m.username);
  await page.goto('/originals/slot');
  await expect(page.getByTestId('slot-machine')).toBeVisible();
  await expect(page.getByTestId('originals-balance')).toContainText('1,000.00');
  const reel = page.getByTestId('slot-reels').locator('[data-reel="0"] [data-symbol]');
  await expect(reel).toHaveCount(3);

  for (let i = 0; i < 3; i++) await spinOnce(page);

  const played = await rounds(request, m.token);
  expect(played).toHaveLength(3);
  for (const r of played) expect(r.status).toBe('COMPLETED');
  const expected = 100_000 + played.reduce((a, r) => a + r.win + (r.jackpotWin ?? 0) - r.amount, 0);
  await expect(page.getByTestId('originals-balance')).toContainText(money(expected));
  await expect(page.getByTestId('slot-last-win')).toContainText(money(played[0].win + (played[0].jackpotWin ?? 0)));
  // The reels show the last spin of the newest round.
  const last = played[0].outcome.spins[played[0].outcome.spins.length - 1] as { grid: number[][] };
  const names = ['WILD', 'SCATTER', 'JEEPNEY', 'CARABAO', 'SAMPAGUITA', 'A', 'K', 'Q', 'J', '10'];
  const shown = await reel.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')));
  expect(shown).toEqual(last.grid[0].map((s) => names[s]));
  await shot(page, { path: `${SHOTS}/slot-${info.project.name}.png`, fullPage: true });

  // Paytable from the config.
  await page.getByTestId('slot-info').click();
  await expect(page.getByTestId('slot-paytable')).toContainText('96%');
  await shot(page, { path: `${SHOTS}/slot-paytable-${info.project.name}.png` });
  await page.keyboard.press('Escape');

  // Rotate the seed pair: the server seed of the played rounds is revealed.
  await page.getByTestId('originals-fairness').click();
  await page.getByTestId('seeds-rotate').click();
  await expect(page.getByTestId('seeds-previous')).toContainText(/[0-9a-f]{64}/);
  await page.keyboard.press('Escape');

  // Recall → the newest round → the verifier recomputes it in the browser.
  await page.getByTestId('originals-history').click();
  const item = page.getByTestId('history-round').first();
  await item.click();
  // The round replays in recall, spin by spin (the slot's Replay).
  await item.getByTestId('history-replay').click();
  await expect(item.getByTestId('slot-replay')).toBeVisible();
  await expect(item.getByTestId('slot-replay').locator('[data-reel="0"] [data-symbol]')).toHaveCount(3);
  const verify = item.getByTestId('history-verify');
  await expect(verify).toBeVisible();
  const href = await verify.getAttribute('href');
  expect(href).toContain('game=slot');
  await page.goto(href!);
  const status = page.getByTestId('verify-status');
  if (!(await status.isVisible().catch(() => false))) await page.getByTestId('verify-run').click();
  await expect(status).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('verify-outcome-match')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('verify-commitment')).toHaveAttribute('data-ok', 'true');
  await shot(page, { path: `${SHOTS}/slot-verify-${info.project.name}.png`, fullPage: true });
});

test('@phone the slot plays on a phone: spin, balance, space-free controls below the reels', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const m = await member(request, '50.00');
  await openAs(page, m.token, m.username);
  await page.goto('/originals/slot');
  await expect(page.getByTestId('slot-machine')).toBeVisible();
  const box = await page.getByTestId('slot-reels').boundingBox();
  const viewport = page.viewportSize()!;
  // The reels fit the screen's width.
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  await spinOnce(page);
  const [r] = await rounds(request, m.token);
  await expect(page.getByTestId('originals-balance')).toContainText(money(5_000 - r.amount + r.win + (r.jackpotWin ?? 0)));
  await shot(page, { path: `${SHOTS}/slot-small-${info.project.name}.png` });
  await page.getByTestId('slot-spin').scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/slot-small-${info.project.name}-2.png` });
  // The light theme is as finished as the dark one.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.getByTestId('slot-machine')).toBeVisible();
  await shot(page, { path: `${SHOTS}/slot-light-${info.project.name}.png`, fullPage: true });
});
