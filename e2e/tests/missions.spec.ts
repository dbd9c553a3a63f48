import { randomUUID } from 'node:crypto';
import { test, expect, type Page } from '../lib/test';
import { credit, newMember, operatorToken, playerToken } from '../lib/money';
import { preparePage } from '../lib/cashier';
import { shot } from '../lib/shots';
import { noSeriousAxe, openConsole } from '../lib/console';

// Missions and leaderboards (issue 32 part 7, docs/rewards.md "Missions and
// leaderboards") on the shared demo server: the demo's daily missions and
// the Lantern Nights board exist. A member who logged in has the daily login
// mission done; they play three rounds of the in-house slot, which completes
// "Play 3 rounds of Palaro Parol Spins"; the page shows it done and the red
// badge counts the rewards waiting; the reward is claimed in the reward
// centre. An operator's valid-bet board on slots (made through the console's
// API) shows the member's own place after the spins.
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/missions';
const LOAD = { timeout: 20_000 };
const MISSION = 'Play 3 rounds of Palaro Parol Spins';

async function spin(page: Page) {
  const button = page.getByTestId('slot-spin');
  await expect(button).toBeEnabled(LOAD);
  await button.click();
  await expect(page.getByTestId('slot-machine')).toHaveAttribute('data-phase', 'idle', { timeout: 90_000 });
  await expect(button).toHaveText('Spin', { timeout: 10_000 });
}

test.describe.configure({ timeout: 180_000 });

test('a member completes a mission by playing, sees it done and on the leaderboard, collects the reward @phone', async ({ page, request }, info) => {
  const project = info.project.name;
  // A board of in-house valid bets for this run, through the console's route (rewards.write).
  const ops = await operatorToken(request, 'ops01');
  const title = `Slots turnover ${project} ${randomUUID().slice(0, 6)}`;
  const made = await request.post('/ops/v1/leaderboards', {
    headers: { Authorization: `Bearer ${ops}` },
    data: { titleEN: title, titleTY: title, period: 'DAILY', metric: 'VALID_BET', category: 'RNG', minBet: '1', prizes: ['500', '300', '100'] },
  });
  const board = await made.json();
  expect(board.code, JSON.stringify(board)).toBe('ok');
  // Bad input: prizes rising with the place are refused with a clear code, nothing stored.
  const bad = await (await request.post('/ops/v1/leaderboards', {
    headers: { Authorization: `Bearer ${ops}`, 'Accept-Language': 'EN' },
    data: { titleEN: 'Bad', period: 'DAILY', metric: 'VALID_BET', prizes: ['1', '2'] },
  })).json();
  expect(bad.code).toBe('missions.invalid_prizes');

  const member = newMember('ms');
  await credit(request, member.id, '500');
  const token = await playerToken(request, member.username); // a login: the daily login mission
  await preparePage(page, token);

  await page.goto('/member/missionLeaderboard');
  const item = page.getByRole('listitem', { name: MISSION });
  await expect(item).toBeVisible(LOAD);
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  const login = page.getByRole('listitem', { name: 'Log in today' });
  await expect(login.getByText('Completed')).toBeVisible(LOAD);
  await expect(page.getByTestId('centre-badge-missionLeaderboard')).toHaveText('1', LOAD);
  const lantern = page.getByRole('article', { name: 'Lantern Nights Leaderboard' });
  await expect(lantern.getByTestId('leaderboard-pool')).toContainText('200,000.00');
  await expect(lantern).toContainText('30,000.00');
  await expect(lantern.getByTestId('leaderboard-me')).toHaveText('You are not ranked yet. Play a qualifying game to join.');

  // Three rounds of the in-house slot at 10.00.
  await page.goto('/originals/slot');
  await page.getByTestId('bet-amount').fill('10');
  await spin(page);
  await spin(page);
  await spin(page);

  // The stream counts the rounds within moments; the page reads once per visit.
  await page.goto('/member/missionLeaderboard');
  await expect(async () => {
    await page.reload();
    await expect(item.getByTestId('mission-done')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(item.getByTestId('mission-progress')).toHaveText('3 / 3');
  await expect(page.getByTestId('centre-badge-missionLeaderboard')).toHaveText('2', LOAD);
  const mine = page.getByRole('article', { name: title });
  await expect(mine.getByTestId('leaderboard-me')).toContainText('Your place: #', LOAD);
  await expect(mine.getByRole('row').filter({ hasText: '(you)' })).toContainText('30.00');
  await shot(page, { path: `${SHOTS}/missions-${project}.png`, fullPage: true });

  // Collect it in the reward centre.
  await page.getByTestId('missions-collect').click();
  await expect(page).toHaveURL(/\/member\/rewardCenter$/);
  const reward = page.getByTestId('reward-item').filter({ hasText: MISSION });
  await expect(reward).toBeVisible(LOAD);
  await expect(reward).toContainText('10.00');
  await reward.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/10\.00 was added to your main balance/)).toBeVisible(LOAD);
  await shot(page, { path: `${SHOTS}/reward-centre-${project}.png`, fullPage: true });

  // Back on the page the badge counts only the login reward still waiting.
  await page.goto('/member/missionLeaderboard');
  await expect(page.getByTestId('centre-badge-missionLeaderboard')).toHaveText('1', LOAD);

  // The console pauses the board (it stops counting and leaves the members' page); its standings name the member.
  const id = board.value.id;
  const paused = await (await request.put(`/ops/v1/leaderboards/${id}`, {
    headers: { Authorization: `Bearer ${ops}` },
    data: { titleEN: title, titleTY: title, period: 'DAILY', metric: 'VALID_BET', category: 'RNG', minBet: '1', prizes: ['500', '300', '100'], status: 'PAUSED' },
  })).json();
  expect(paused.code, JSON.stringify(paused)).toBe('ok');
  const standings = await (await request.get(`/ops/v1/leaderboards/${id}/standings`, { headers: { Authorization: `Bearer ${ops}` } })).json();
  expect(standings.value.standing.entries.some((e: { name: string }) => e.name === member.username)).toBe(true);
});

test('the console creates a mission, refuses bad input in words, pauses it and shows a board\'s standings', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the console is a desktop tool');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsole(page, 'ops01', '/missions');
  await expect(page.getByRole('heading', { level: 1, name: 'Missions and leaderboards' })).toBeVisible(LOAD);
  await expect(page.getByRole('cell', { name: 'Play 3 rounds of Palaro Parol Spins', exact: true })).toBeVisible(LOAD);

  const title = `Login streak ${randomUUID().slice(0, 6)}`;
  await page.getByRole('button', { name: 'New mission' }).click();
  const dialog = page.getByRole('dialog', { name: 'New mission' });
  await dialog.getByLabel('Title (English)').fill(title);
  await dialog.getByLabel('Mission asks for').selectOption('LOGIN');
  await dialog.getByLabel('Days in a row').fill('3'); // a daily mission holds one login day
  await dialog.getByLabel('Reward (PHP)').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a target above zero (login days: one a day, up to seven a week; rounds up to 10000).')).toBeVisible();
  await dialog.getByLabel('Period').selectOption('WEEKLY');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden(LOAD);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Log in 3 days in a row');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Pause ${title}` }).click();
  await expect(row).toContainText('Paused', LOAD);
  await shot(page, { path: `${SHOTS}/console-missions.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Leaderboards' }).click();
  await page.getByRole('button', { name: 'Standings of Lantern Nights Leaderboard' }).click();
  await expect(page.getByTestId('standings')).toContainText('Lantern Nights Leaderboard', LOAD);
  await noSeriousAxe(page);
  await shot(page, { path: `${SHOTS}/console-leaderboards.png`, fullPage: true });
});
