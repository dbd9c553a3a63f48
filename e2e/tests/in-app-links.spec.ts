import { test, expect } from '../lib/test';
import { credit, newMember, openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// Links that leave a game keep the session (issue 28, item 16): the member's
// token lives in per-tab session storage, so a new tab would show a visitor.
// From a Palaro Original in the game popup, the fairness verifier opens inside
// the game frame and customer service in the same tab, signed in.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-ux';
test.describe.configure({ timeout: 150_000 });
const LOAD = { timeout: 20_000 };

test('from a game, the verifier and customer service open in the app and the player stays signed in @phone', async ({ page, request, context }, info) => {
  const m = newMember('lk');
  await credit(request, m.id, '500.00');
  await openAs(page, await playerToken(request, m.username), m.username);
  await page.goto('/inHouse');
  await page.getByRole('button', { name: /Dice Duel Davao/ }).first().click();
  const popup = page.getByTestId('game-popup');
  await expect(popup.getByTestId('game-frame')).toHaveAttribute('src', /^\/originals\/dice/, LOAD);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('originals-balance')).toContainText('500.00', LOAD);

  // A round, then a seed rotation so the round can be verified.
  await frame.getByTestId('bet-amount').fill('5');
  await frame.getByTestId('dice-roll-button').click();
  await expect(frame.getByTestId('dice-roll')).toHaveAttribute('data-final', /^\d\d\.\d\d$/, LOAD);
  await frame.getByTestId('originals-fairness').click();
  await frame.getByTestId('seeds-rotate').click();
  await expect(frame.getByTestId('seeds-prev-server')).toHaveText(/^[0-9a-f]{64}$/, LOAD);
  await frame.getByTestId('seeds-panel').getByRole('button', { name: /close/i }).first().click();

  // The verifier: inside the frame, no new tab.
  await frame.getByTestId('originals-history').click();
  const round = frame.getByTestId('history-round').first();
  await round.getByRole('button').first().click();
  await round.getByTestId('history-verify').click();
  const verify = frame.getByTestId('verify-panel');
  await expect(verify.getByTestId('verify-status')).toContainText('Verified', LOAD);
  expect(context.pages()).toHaveLength(1);
  await expect(frame.getByTestId('originals-balance')).toBeVisible(); // still the member's frame
  await shot(page, { path: `${SHOTS}/verify-in-frame-${info.project.name}.png` });
  await verify.getByRole('button', { name: /close/i }).first().click();

  // Customer service (the demo's live chat is the help centre): this tab, the game closed, still signed in.
  await frame.getByTestId('originals-customer-service').click();
  await expect(page).toHaveURL(/\/help#faq$/, LOAD);
  await expect(page.getByTestId('help-modal')).toBeVisible(LOAD);
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('member-menu-button')).toBeVisible();
  expect(context.pages()).toHaveLength(1);
  await shot(page, { path: `${SHOTS}/customer-service-from-game-${info.project.name}.png` });
});
