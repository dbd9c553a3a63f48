import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { credit, darkAndLight, newMember, openAs, playerToken } from '../lib/money';

// Betting record (/member/personalHistoryCopy) and personal profit and loss
// (/member/personalProfit), issue 5: a fresh member plays the in-binary
// sandbox vendor's games (which bet and pay through the real, signed
// seamless wallet API), then finds every round in the betting record with
// the sums of the filter, filters by category and status, and reads the day's
// result per category in the profit and loss.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-G5';
mkdirSync(SHOTS, { recursive: true });
test.describe.configure({ timeout: 150_000 });
const LOAD = { timeout: 20_000 };

type Played = { roundId: string; bet: number; win: number; gameType: string };
type Game = { nodeId: number; gameName: string; vassalage: string; gameType: string; maintenance?: boolean };

async function firstGame(request: APIRequestContext, gameType: string, vendor: string): Promise<Game> {
  const res = await request.get('/wps/relay/gameList', { params: { clientType: '3', platform: 'html5-desktop', gameType, vassalage: vendor, pageNo: '1', pageSize: '24', language: 'EN' } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  const list = (body.value.content ?? body.value.list ?? body.value.games) as Game[];
  const g = list.find((x) => !x.maintenance);
  if (!g) throw new Error(`no ${vendor} ${gameType} game`);
  return g;
}

/** Launches a game for the member (the real launch API) and plays it `rounds` times on the sandbox page. */
async function play(page: Page, request: APIRequestContext, token: string, g: Game, rounds: number): Promise<Played[]> {
  const res = await request.get('/wps/game/launchGame', { params: { nodeId: String(g.nodeId), language: 'EN', device: 'WEB' }, headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  await page.goto(body.value.url);
  await expect(page.getByText(/sandbox game/i).first()).toBeVisible(LOAD);
  const out: Played[] = [];
  for (let i = 0; i < rounds; i++) {
    const answer = page.waitForResponse((r) => r.url().includes('/sandbox/games/api/play'));
    await page.locator('#play').click();
    const a = await (await answer).json();
    expect(a.error ?? '', JSON.stringify(a)).toBe('');
    expect(a.roundId).toBeTruthy();
    out.push({ roundId: a.roundId, bet: a.bet, win: a.win, gameType: g.gameType });
    await expect(page.locator('#play')).toBeEnabled(LOAD);
  }
  return out;
}

const money = (minor: number) => `₱${(Math.abs(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signed = (minor: number) => (minor > 0 ? `+${money(minor)}` : minor < 0 ? `-${money(minor)}` : money(0));

test('sandbox rounds appear in the betting record and the profit and loss, with filters @phone', async ({ page, request }, info) => {
  const m = newMember('g5');
  await credit(request, m.id, '5000.00');
  const token = await playerToken(request, m.username);
  const slot = await firstGame(request, 'RNG', 'PG');
  const live = await firstGame(request, 'LIVE', 'SXG');
  const played = [...(await play(page, request, token, slot, 3)), ...(await play(page, request, token, live, 1))];
  const sum = (k: 'bet' | 'win', list = played) => list.reduce((n, p) => n + p[k], 0);

  await openAs(page, token, m.username);
  await page.goto('/member/personalHistoryCopy');
  await expect(page.getByTestId('bets-page')).toBeVisible(LOAD);
  const rows = page.getByTestId('bets-row');
  await expect(rows).toHaveCount(4, LOAD);
  // Newest first: the live round, then the slot rounds from the last.
  const shown = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-round')));
  expect(shown).toEqual([...played].reverse().map((p) => p.roundId));
  await expect(page.getByTestId('records-count')).toContainText('4');
  await expect(page.getByTestId('records-sum-bet')).toHaveText(money(sum('bet')));
  await expect(page.getByTestId('records-sum-win')).toHaveText(money(sum('win')));
  await expect(page.getByTestId('records-sum-profit')).toHaveText(signed(sum('win') - sum('bet')));
  const first = rows.first();
  await expect(first.getByTestId('bets-game')).toHaveText(live.gameName);
  await expect(first.getByTestId('bets-bet')).toHaveText(money(played[3].bet));
  await expect(first.getByTestId('bets-profit')).toHaveText(signed(played[3].win - played[3].bet));
  await expect(first.getByTestId('bets-status')).toHaveText('Settled');
  await expect(page.getByTestId('records-preset-last7')).toHaveAttribute('aria-pressed', 'true');
  await darkAndLight(page, `${SHOTS}/betting-record-${info.project.name}`, async () => expect(rows).toHaveCount(4));

  // Category filter: the slot rounds only, with their own sums; kept in the URL.
  await page.getByTestId('records-gametype').selectOption('RNG');
  await expect(rows).toHaveCount(3, LOAD);
  await expect(page.getByTestId('records-sum-bet')).toHaveText(money(sum('bet', played.slice(0, 3))));
  await expect(page).toHaveURL(/gameType=RNG/);
  await page.reload();
  await expect(rows).toHaveCount(3, LOAD);
  // Status filter: nothing is open.
  await page.getByTestId('records-status').selectOption('OPEN');
  await expect(page.getByText('No bets in this period')).toBeVisible(LOAD);
  await page.getByTestId('records-status').selectOption('');
  await page.getByTestId('records-gametype').selectOption('');
  await expect(rows).toHaveCount(4, LOAD);
  // A week back: no rounds there.
  await page.getByTestId('records-back-7').click();
  await expect(page.getByText('No bets in this period')).toBeVisible(LOAD);
  await page.getByTestId('records-preset-today').click();
  await expect(rows).toHaveCount(4, LOAD);

  // Profit and loss: today, one line per category.
  await page.goto('/member/personalProfit');
  await expect(page.getByTestId('profit-page')).toBeVisible(LOAD);
  const days = page.getByTestId('profit-day');
  await expect(days).toHaveCount(1, LOAD);
  const lines = days.first().getByTestId('profit-row');
  await expect(lines).toHaveCount(2);
  await expect(days.first().locator('[data-gametype="RNG"]').getByTestId('profit-value')).toHaveText(signed(sum('win', played.slice(0, 3)) - sum('bet', played.slice(0, 3))));
  await expect(days.first().locator('[data-gametype="LIVE"]').getByTestId('profit-value')).toHaveText(signed(played[3].win - played[3].bet));
  await expect(days.first().getByTestId('profit-day-total')).toHaveText(signed(sum('win') - sum('bet')));
  await expect(page.getByTestId('records-sum-profit')).toHaveText(signed(sum('win') - sum('bet')));
  await darkAndLight(page, `${SHOTS}/personal-profit-${info.project.name}`, async () => expect(days).toHaveCount(1));
  await page.getByTestId('records-back-30').click();
  await expect(page.getByText('No games played in this period')).toBeVisible(LOAD);
});

test('a transfer-wallet vendor\'s round (JDB) is in the betting record and the profit and loss', async ({ page, request }) => {
  // JDB keeps its own wallet: the member moves money there, plays the sandbox
  // game against it, and the platform pulls JDB's bet history when the record opens.
  const m = newMember('g5');
  await credit(request, m.id, '500.00');
  const token = await playerToken(request, m.username);
  const res = await request.post('/wps/v2/wallets/transfer', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { from: 'MAIN', to: 'JDB', amount: '200.00' },
  });
  const moved = await res.json();
  expect(moved.code, JSON.stringify(moved)).toBe('ok');
  expect(moved.value.status).toBe('SUCCESS');
  const slot = await firstGame(request, 'RNG', 'JDB');
  const [round] = await play(page, request, token, slot, 1);

  await openAs(page, token, m.username);
  await page.goto('/member/personalHistoryCopy');
  const rows = page.getByTestId('bets-row');
  await expect(rows).toHaveCount(1, LOAD);
  await expect(rows.first()).toHaveAttribute('data-round', round.roundId);
  await expect(rows.first().getByTestId('bets-game')).toHaveText(slot.gameName);
  await expect(rows.first().getByTestId('bets-bet')).toHaveText(money(round.bet));
  await expect(rows.first().getByTestId('bets-profit')).toHaveText(signed(round.win - round.bet));
  await expect(page.getByTestId('records-sum-profit')).toHaveText(signed(round.win - round.bet));

  await page.goto('/member/personalProfit');
  const days = page.getByTestId('profit-day');
  await expect(days).toHaveCount(1, LOAD);
  await expect(days.first().locator('[data-gametype="RNG"]').getByTestId('profit-value')).toHaveText(signed(round.win - round.bet));
});

test('the personal centre menu leads to both pages; visitors are sent to log in', async ({ page, request }) => {
  const m = newMember('g5');
  const token = await playerToken(request, m.username);
  await openAs(page, token, m.username);
  await page.goto('/member/transactionHistory');
  await page.getByRole('link', { name: 'Betting record' }).first().click();
  await expect(page.getByTestId('bets-page')).toBeVisible(LOAD);
  await expect(page.getByText('No bets in this period')).toBeVisible(LOAD);
  await page.getByRole('link', { name: 'Personal profit' }).first().click();
  await expect(page.getByTestId('profit-page')).toBeVisible(LOAD);
  await expect(page.getByText('No games played in this period')).toBeVisible(LOAD);
  // The API refuses visitors.
  const res = await request.get('/wps/records/bets');
  expect(res.status()).toBe(401);
});
