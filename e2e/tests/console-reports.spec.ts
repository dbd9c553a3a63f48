// The console's dashboard and reports (issue 30, parts 3 and 10) through the
// real binary: a member plays dice, the daily figures consumer takes the
// rounds in, the dashboard shows the turnover and the chart, the reports page
// lists the game and exports the server's CSV (BOM, header, the row); axe in
// light and dark, 1280 px without horizontal scrolling, and 768 px.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { credit, newMember, playerToken } from '../lib/money';
import { operatorSession } from '../lib/operator';
import { test, expect, type Page } from '../lib/test';
import type { APIRequestContext } from '@playwright/test';
import { shot } from '../lib/shots';

const BET = 2000; // minor units
const BETS = 3;

type Dash = { period: { from: string; to: string }; timezone: string; current: { turnover: number }; days: { day: string; turnover: number }[] };

async function dashboard(request: APIRequestContext, token: string, day?: string): Promise<Dash> {
  const res = await request.get('/ops/v1/reports/dashboard', { params: day ? { from: day, to: day } : {}, headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value;
}

const money = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function themes(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await noSeriousAxe(page);
    await shot(page, { path: `/tmp/shots-reports/${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
}

test('after some dice rounds the dashboard and the reports show them, and the CSV holds the game', async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const ops = await operatorSession(request, 'ops01');
  const today = (await dashboard(request, ops)).period.to;
  const before = (await dashboard(request, ops, today)).current.turnover;

  const m = newMember('rp');
  await credit(request, m.id, '500');
  const token = await playerToken(request, m.username);
  for (let i = 0; i < BETS; i++) {
    const res = await request.post('/wps/inhouse/dice/bet', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
      data: { amount: BET, target: 5000, over: false },
    });
    const body = await res.json();
    expect(body.code, JSON.stringify(body)).toBe('ok');
  }
  // The stream's consumers take the rounds in about a second.
  let turnover = before;
  await expect
    .poll(async () => (turnover = (await dashboard(request, ops, today)).current.turnover), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(before + BET * BETS);

  // Dashboard: today, the turnover card, the chart and its table.
  await openConsole(page, 'ops01', `/dashboard?from=${today}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByText('Turnover', { exact: true }) });
  await expect(card.locator('[data-figure="turnover"]')).toHaveText(money(turnover));
  await expect(card).toContainText('Before:');
  await expect(page.getByRole('button', { name: 'Today', pressed: true })).toBeVisible();
  const chart = page.getByRole('group', { name: /^Turnover\. Bars per day/ });
  await expect(chart.locator('svg rect')).not.toHaveCount(0);
  await chart.focus();
  await page.keyboard.press('End');
  await expect(page.getByText(`${today.slice(5)}: ${money(turnover)}`)).toBeAttached();
  await page.getByText('Show as a table').click();
  await expect(page.getByRole('table', { name: 'Turnover per day' }).getByRole('row', { name: new RegExp(today) })).toContainText(money(turnover));
  await page.getByText('Definitions').click();
  await expect(page.getByText('Gross gaming revenue: turnover minus wins')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top games' })).not.toContainText('No settled rounds');
  await noHorizontalScroll(page);
  await themes(page, 'dashboard-1280');

  // A preset reaches the server as days; the previous period is shown beside it.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.getByText(/compared with/)).toBeVisible();

  // Reports: daily by game lists the dice game; its CSV comes from the server.
  const games = await (await request.get('/ops/v1/reports/games', { params: { from: today, to: today, group: 'day', by: 'game' }, headers: { Authorization: `Bearer ${ops}` } })).json();
  const dice = games.value.items.find((r: { game: string; vendor: string }) => /dice/i.test(r.game));
  expect(dice, JSON.stringify(games.value.items)).toBeTruthy();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByLabel('Group by').selectOption('game');
  const row = page.getByRole('row').filter({ hasText: dice.name || dice.game });
  await expect(row).toContainText(money(dice.turnover));
  await expect(row).toContainText(today);
  await noHorizontalScroll(page);
  await themes(page, 'reports-1280');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`games-game-${today}-${today}.csv`);
  const bytes = readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Period,Vendor,Category,Game,Name,Turnover,Valid bets,Wins,GGR,Hold %,Rounds');
  expect(lines.find((l) => l.includes(`,${dice.game},`))).toContain(`${today},${dice.vendor},`);
  await expect(page.getByRole('status').filter({ hasText: 'Saved games-game-' })).toBeVisible();

  // Monthly and the players ranking.
  await page.getByRole('tab', { name: 'Monthly' }).click();
  await expect(page.getByRole('row').filter({ hasText: today.slice(0, 7) }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Players' }).click();
  await page.getByLabel('Rank by').selectOption('turnover');
  await expect(page.getByRole('row').filter({ hasText: m.username })).toContainText(money(BET * BETS));
  await noSeriousAxe(page);
});

test('the dashboard and reports at tablet width', async ({ page }) => {
  test.setTimeout(180_000); // axe-core on a busy shared machine
  await page.setViewportSize({ width: 768, height: 1024 });
  await openConsole(page, 'ops01', '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last 30 days', pressed: true })).toBeVisible();
  await noHorizontalScroll(page);
  await noSeriousAxe(page);
  await shot(page, { path: '/tmp/shots-reports/dashboard-768.png', fullPage: true });
  await page.goto('/console/reports?tab=players');
  await expect(page.getByRole('tab', { name: 'Players', selected: true })).toBeVisible();
  await noHorizontalScroll(page);
  await noSeriousAxe(page);
  await shot(page, { path: '/tmp/shots-reports/reports-768.png', fullPage: true });
});
