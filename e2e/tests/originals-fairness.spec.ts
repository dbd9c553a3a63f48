import { createHash } from 'node:crypto';
import { test, expect, type Page } from '../lib/test';
import { credit, newMember, openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// Palaro Originals fairness and recall (issue 6): the commitment is visible
// before play; the member sets a client seed; rotating reveals the server
// seed whose SHA-256 is the commitment shown before; recall lists the round,
// replays it from the stored outcome, and the browser verifier recomputes it
// ("Verified"). Also the public verifier and the recall page.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-web1';
test.describe.configure({ timeout: 150_000 });
const LOAD = { timeout: 20_000 };
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The storefront's announcement popup (a new tab, a visitor) is closed when it gets in the way. */
async function closeAnnouncements(page: Page) {
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
}

async function rollDice(page: Page): Promise<string> {
  await page.getByTestId('bet-amount').fill('5');
  await page.getByTestId('dice-roll-button').click();
  await expect(page.getByTestId('dice-roll')).toHaveAttribute('data-final', /^\d\d\.\d\d$/, LOAD);
  return (await page.getByTestId('dice-roll').getAttribute('data-final')) ?? '';
}

test('seeds: set a client seed, play, rotate, replay and verify the round in the browser @phone', async ({ page, request, context }, info) => {
  const project = info.project.name;
  const m = newMember('of');
  await credit(request, m.id, '500.00');
  const token = await playerToken(request, m.username);
  await openAs(page, token, m.username);
  await page.goto('/originals/dice');
  await expect(page.getByTestId('originals-balance')).toContainText('500.00', LOAD);

  // 1. Choose a client seed: rotating now starts a pair with it (the first pair was never used).
  await page.getByTestId('originals-fairness').click();
  const panel = page.getByTestId('seeds-panel');
  await expect(panel.getByTestId('seeds-hash')).toHaveText(/^[0-9a-f]{64}$/, LOAD);
  await panel.getByTestId('seeds-new-client').fill('bad seed!');
  await expect(panel.getByTestId('seeds-rotate')).toBeDisabled();
  await panel.getByTestId('seeds-new-client').fill('e2e_Lucky-7');
  await panel.getByTestId('seeds-rotate').click();
  await expect(panel.getByTestId('seeds-client')).toHaveText('e2e_Lucky-7', LOAD);
  await expect(panel.getByTestId('seeds-nonce')).toHaveText('0');
  const commitment = (await panel.getByTestId('seeds-hash').textContent()) ?? '';
  await page.keyboard.press('Escape');

  // 2. Play two rounds with that pair: the nonce counts them.
  const roll = await rollDice(page);
  await rollDice(page);
  await page.getByTestId('originals-fairness').click();
  await expect(panel.getByTestId('seeds-nonce')).toHaveText('2', LOAD);
  await expect(panel.getByTestId('seeds-hash')).toHaveText(commitment);
  await shot(page, { path: `${SHOTS}/seeds-${project}.png` });

  // 3. Rotate: the revealed server seed hashes to the commitment shown before play.
  await panel.getByTestId('seeds-rotate').click();
  // The rotation's answer has landed once the active pair changed; until then the
  // panel still shows the pair revealed by the first rotation.
  await expect(panel.getByTestId('seeds-hash')).not.toHaveText(commitment, LOAD);
  await expect(panel.getByTestId('seeds-nonce')).toHaveText('0');
  const revealed = panel.getByTestId('seeds-prev-server');
  await expect(revealed).toHaveText(/^[0-9a-f]{64}$/, LOAD);
  expect(sha256((await revealed.textContent()) ?? '')).toBe(commitment);
  await page.keyboard.press('Escape');

  // 4. Recall: the first round (older, second in the list), replayed from the stored outcome.
  await page.getByTestId('originals-history').click();
  const history = page.getByTestId('history-panel');
  const rounds = history.getByTestId('history-round');
  await expect(rounds).toHaveCount(2, LOAD);
  const first = rounds.nth(1);
  await first.getByRole('button').first().click();
  await expect(first).toContainText(commitment);
  await expect(first).toContainText('e2e_Lucky-7');
  await first.getByTestId('history-replay').click();
  await expect(first.getByTestId('history-replay-stage').getByTestId('dice-roll')).toHaveAttribute('data-final', roll, LOAD);
  await shot(page, { path: `${SHOTS}/history-panel-${project}.png` });

  // 5. Verify in the browser: the verifier opens prefilled inside the frame (a new
  // tab would not have the tab's session) and says "Verified".
  await first.getByTestId('history-verify').click();
  const verifier = page.getByTestId('verify-panel');
  expect(context.pages()).toHaveLength(1);
  await expect(verifier.getByTestId('verify-status')).toContainText('Verified', LOAD);
  await expect(verifier.getByTestId('verify-commitment')).toHaveAttribute('data-ok', 'true');
  await expect(verifier.getByTestId('verify-outcome-match')).toHaveAttribute('data-ok', 'true');
  await expect(verifier.getByTestId('verify-outcome')).toContainText(roll);
  await shot(page, { path: `${SHOTS}/verify-${project}.png` });

  // A changed nonce no longer matches the recorded round.
  await verifier.getByTestId('verify-nonce').fill('1');
  await verifier.getByTestId('verify-run').click();
  await expect(verifier.getByTestId('verify-status')).toContainText('Does not match', LOAD);
});

test('the recall page lists rounds by game and replays them @phone', async ({ page, request }, info) => {
  const m = newMember('oh');
  await credit(request, m.id, '500.00');
  const token = await playerToken(request, m.username);
  await openAs(page, token, m.username);
  await page.goto('/originals/plinko');
  await expect(page.getByTestId('originals-balance')).toContainText('500.00', LOAD);
  await page.getByTestId('plinko-rows').selectOption('8');
  await page.getByTestId('plinko-drop').click();
  await expect(page.getByTestId('plinko-recent').locator('li')).toHaveCount(1, LOAD);
  await page.goto('/originals/history');
  const rounds = page.getByTestId('history-round');
  await expect(rounds).toHaveCount(1, LOAD);
  await expect(rounds.first()).toHaveAttribute('data-game', 'plinko');
  await page.getByRole('button', { name: 'Dice', exact: true }).click();
  await expect(page.getByText('No rounds yet')).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Plinko', exact: true }).click();
  await rounds.first().getByRole('button').first().click();
  await expect(rounds.first()).toContainText('Hidden until you rotate your seeds');
  await rounds.first().getByTestId('history-replay').click();
  await expect(page.getByTestId('history-replay-stage').getByTestId('plinko-board')).toBeVisible();
  await expect(page.getByTestId('history-replay-stage').locator('[data-lit="true"]')).toHaveCount(1, LOAD);
  await shot(page, { path: `${SHOTS}/history-page-${info.project.name}.png`, fullPage: true });
});

test('the public verifier recomputes a round typed in by hand and checks the commitment', async ({ page }, info) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    sessionStorage.setItem('popupClosed:anonymous', '1');
  });
  await closeAnnouncements(page);
  // Vector 0 of docs/games/vectors.json.
  const seed = '9293c06480decbe21906f1b07b3d680604465f3bea645cfd72346c4ccee86fdc';
  await page.goto('/originals/verify');
  await page.getByTestId('verify-game-mines').click();
  await page.getByTestId('verify-serverSeed').fill(seed);
  await page.getByTestId('verify-serverSeedHash').fill(sha256(seed));
  await page.getByTestId('verify-clientSeed').fill('lucky-7');
  await page.getByTestId('verify-nonce').fill('0');
  await page.getByTestId('verify-size').fill('5');
  await page.getByTestId('verify-mines').fill('3');
  await page.getByTestId('verify-run').click();
  await expect(page.getByTestId('verify-status')).toContainText('Verified', LOAD);
  await expect(page.getByTestId('verify-outcome')).toContainText('7, 9, 16');
  await shot(page, { path: `${SHOTS}/verify-public-${info.project.name}.png`, fullPage: true });
  await page.getByTestId('verify-serverSeedHash').fill('0'.repeat(64));
  await page.getByTestId('verify-run').click();
  await expect(page.getByTestId('verify-status')).toContainText('Does not match', LOAD);
  await expect(page.getByTestId('verify-commitment')).toHaveAttribute('data-ok', 'false');
});
