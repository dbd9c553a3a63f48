import { randomUUID } from 'node:crypto';
import { test, expect, type APIRequestContext, type Browser, type Page } from '../lib/test';
import { newMember, openAs, operatorToken, playerToken } from '../lib/money';
import { openConsole } from '../lib/console';
import { sealedApi } from '../lib/sealed';
import { shot } from '../lib/shots';

// The rewards' console gaps (issue 32 part 11, docs/rewards.md): the bonus
// cost per promotion after a player claims a promotion's reward; a raffle
// that has ended drawn at once in the console, its winner collecting the
// prize in the reward centre; and the VIP level names in the member's
// language (Tagalog), edited per language in the console.
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/rewards-console';
const LOAD = { timeout: 20_000 };
test.describe.configure({ timeout: 150_000 });

/** A promotion made through the console's API by ops01 (all other terms zero). */
async function createPromotion(request: APIRequestContext, draft: Record<string, unknown>): Promise<{ id: number; titleEN: string }> {
  const token = await operatorToken(request, 'ops01');
  const now = Date.now();
  const res = await request.post('/ops/v1/promotions', {
    headers: { Authorization: `Bearer ${token}` },
    data: { frequency: 'ONCE', rewardKind: 'CASH', claimDays: 7, startsAt: now - 3_600_000, endsAt: now + 7 * 86_400_000, ...draft },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value;
}

async function consolePage(browser: Browser, path: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const op = await ctx.newPage();
  await op.addInitScript(() => localStorage.setItem('palaro.console.lang', 'EN'));
  await openConsole(op, 'ops01', path);
  return op;
}

/** The member claims the reward titled title in the reward centre (the browser, EN). */
async function claimInRewardCentre(page: Page, title: string, amount: string) {
  await page.goto('/member/rewardCenter');
  const item = page.getByTestId('reward-item').filter({ hasText: title });
  await expect(item).toContainText(amount, LOAD);
  await item.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(new RegExp(`${amount.replace('.', '\\.')} was added to your main balance`))).toBeVisible(LOAD);
}

test('the console shows a promotion\'s bonus cost once a player claims its reward', async ({ page, browser }) => {
  const title = `E2E cost ${randomUUID().slice(0, 6)}`;
  const promo = await createPromotion(page.request, { type: 'FIXED', titleEN: title, titleTY: `Gastos ${title}`, amount: 7_700 });
  const m = newMember('pc');
  const token = await playerToken(page.request, m.username);
  const joined = await sealedApi(page.request, 'POST', `/wps/promotions/${promo.id}/join`, {}, { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });
  expect(joined.body.code, JSON.stringify(joined.body)).toBe('ok');
  await openAs(page, token, m.username);
  await claimInRewardCentre(page, title, '77.00');

  const op = await consolePage(browser, '/promotions');
  const costs = op.getByTestId('promo-costs');
  await expect(op.getByRole('heading', { name: 'Bonus cost per promotion' })).toBeVisible(LOAD);
  const row = costs.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible(LOAD);
  // Issued 77.00 (1), claimed 77.00 (1), cash paid 77.00, nothing converted or forfeited: cost 77.00.
  await expect(row).toContainText('Fixed bonus');
  await expect(row).toContainText('77.00 (1)'); // issued and claimed
  await expect(row.getByRole('cell').last()).toHaveText('77.00'); // cash paid, nothing converted: the cost
  await row.scrollIntoViewIfNeeded();
  await shot(op, { path: `${SHOTS}/console-promotion-costs-1280.png`, fullPage: true });
  await op.context().close();
});

test('an ended raffle drawn in the console: the winner claims the prize in the reward centre', async ({ page, browser }) => {
  const title = `E2E raffle ${randomUUID().slice(0, 6)}`;
  const endsAt = Date.now() + 12_000;
  const promo = await createPromotion(page.request, { type: 'RAFFLE', titleEN: title, titleTY: `Raffle ${title}`, amount: 5_000, winners: 1, endsAt });
  const m = newMember('pw');
  const token = await playerToken(page.request, m.username);
  const ticket = await sealedApi(page.request, 'POST', `/wps/promotions/${promo.id}/raffle`, {}, { Authorization: `Bearer ${token}` });
  expect(ticket.body.code, JSON.stringify(ticket.body)).toBe('ok');

  const op = await consolePage(browser, '/promotions');
  await op.waitForTimeout(Math.max(0, endsAt - Date.now() + 500));
  await op.reload();
  await op.getByTestId(`promo-row-${promo.id}`).getByRole('button', { name: 'Tickets and draw (1 winners)' }).click(LOAD);
  const dialog = op.getByRole('dialog', { name: new RegExp(`${title}: tickets and draw`) });
  await expect(dialog.getByTestId('raffle-tickets')).toHaveText('1', LOAD);
  await expect(dialog.getByText('Not drawn yet: the seed is revealed after the draw.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Draw now' }).click();
  await expect(op.getByText('Drawn: 1 winner(s) issued their prize.')).toBeVisible(LOAD);
  await expect(dialog.getByRole('heading', { name: 'Winners in draw order' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: m.username })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Draw now' })).toHaveCount(0);
  await shot(op, { path: `${SHOTS}/console-raffle-drawn-1280.png` });
  await op.context().close();

  await openAs(page, token, m.username);
  await claimInRewardCentre(page, title, '50.00');
});

test('@phone VIP level names in the member\'s language: Tagalog on the VIP page and in the reward summary', async ({ page }, info) => {
  const m = newMember('vt');
  const token = await playerToken(page.request, m.username);
  await openAs(page, token, m.username);
  await page.addInitScript(() => localStorage.setItem('lang', 'TY'));
  await page.goto('/member/vip');
  await expect(page.getByTestId('vip-level-name')).toHaveText('Tanso (ika-1 na level)', LOAD);
  await expect(page.getByRole('table').getByRole('rowheader', { name: 'Diyamante (ika-8 na level)' })).toBeVisible();
  await shot(page, { path: `${SHOTS}/vip-ty-${info.project.name}.png`, fullPage: info.project.name === 'desktop' });
  for (const [lang, name] of [
    ['TY', 'Tanso'],
    ['EN', 'Bronze'],
    ['KO', 'Bronze'], // no Korean name: English
  ]) {
    const res = await page.request.get('/wps/rewards/summary', { headers: { Authorization: `Bearer ${token}`, 'X-Lang': lang } });
    const body = await res.json();
    expect(body.value.vipLabelName, `${lang}: ${JSON.stringify(body)}`).toBe(name);
  }
});

test('the console edits a level\'s names per language; the storefront answers in the member\'s', async ({ page, browser }) => {
  const op = await consolePage(browser, '/vip');
  const form = op.getByRole('form', { name: 'VIP levels' });
  await expect(form.getByLabel('English name of level 8')).toHaveValue('Diamond', LOAD);
  await expect(form.getByLabel('Tagalog name of level 8')).toHaveValue('Diyamante');
  // Tagalog is required: an empty one is refused before anything is sent.
  await form.getByLabel('Tagalog name of level 2').fill('');
  await form.getByRole('button', { name: 'Save levels' }).click();
  await expect(form.getByText('1 to 40 characters (English and Tagalog are required).')).toBeVisible();
  await form.getByLabel('Tagalog name of level 2').fill('Pilak');
  // An optional language: Japanese for level 1.
  const row1 = form.getByRole('row').filter({ has: op.getByLabel('English name of level 1') });
  await row1.getByText('Names in other languages (0)').click();
  await form.getByLabel('日本語 name of level 1').fill('ブロンズ');
  await shot(op, { path: `${SHOTS}/console-vip-names-1280.png`, fullPage: true });
  await form.getByRole('button', { name: 'Save levels' }).click();
  await expect(op.getByText('The VIP levels were saved.')).toBeVisible(LOAD);
  await op.context().close();

  const m = newMember('vj');
  const token = await playerToken(page.request, m.username);
  for (const [lang, name] of [
    ['JA', 'ブロンズ'],
    ['TY', 'Tanso'],
    ['CN', 'Bronze'],
  ]) {
    const res = await page.request.get('/wps/rewards/summary', { headers: { Authorization: `Bearer ${token}`, 'X-Lang': lang } });
    expect((await res.json()).value.vipLabelName, lang).toBe(name);
  }
});
