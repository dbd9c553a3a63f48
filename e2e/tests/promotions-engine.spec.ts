import { test, expect, type Page } from '../lib/test';
import { newMember, openAs, playerToken, PNG } from '../lib/money';
import { openConsole } from '../lib/console';
import { sealedApi } from '../lib/sealed';
import { shot } from '../lib/shots';

// The promotions engine (issue 32 part 2, docs/rewards.md "Promotions
// engine") on the demo brand's promotions: a new member joins the ₱88 free
// bonus (article 108) and claims it in the reward centre; another applies
// for the Big Win Bonus (article 110) with a remark and two images, an
// operator approves ₱250 in the console, and the member claims it; wrong
// images are refused in words, by the form and by the server, with nothing
// filed.
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/promotions-engine';
const LOAD = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

async function member(page: Page, prefix: string) {
  const m = newMember(prefix);
  const token = await playerToken(page.request, m.username);
  await openAs(page, token, m.username);
  return m;
}

const card = (page: Page, article: number) => page.locator(`#promo-${article}`);

test('@phone a member joins the fixed bonus and claims it in the reward centre', async ({ page }, info) => {
  await member(page, 'pf');
  await page.goto('/promotions#108');
  const promo = card(page, 108);
  await expect(promo.getByTestId('promo-status-108')).toContainText('PHP 88.00 when you join', LOAD);
  await expect(promo.getByTestId('promo-status-108')).toContainText('Join');
  await shot(page, { path: `${SHOTS}/promotions-${info.project.name}.png`, fullPage: info.project.name === 'desktop' });
  await promo.getByRole('button', { name: 'Join' }).click();
  await expect(promo.getByText('Your reward is waiting in the Reward Center.')).toBeVisible(LOAD);
  await expect(promo.getByTestId('promo-status-108')).toContainText('Claim');
  await shot(promo, { path: `${SHOTS}/joined-${info.project.name}.png` });
  await promo.getByTestId('promo-claim-108').click();
  await expect(page).toHaveURL(/\/member\/rewardCenter$/);
  const item = page.getByTestId('reward-item').filter({ hasText: '₱88 Free Bonus for new players' });
  await expect(item).toContainText('88.00', LOAD);
  await item.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/Your bonus of .*88\.00 has started/)).toBeVisible(LOAD);
  // Back on the promotion: claimed, its button disabled; joining again is not offered.
  await page.goto('/promotions#108');
  await expect(card(page, 108).getByRole('button', { name: 'Claimed' })).toBeDisabled(LOAD);
});

test('@phone an application with images is approved in the console and claimed', async ({ page, browser }, info) => {
  const m = await member(page, 'pa');
  await page.goto('/promotions#110');
  const promo = card(page, 110);
  await promo.getByRole('button', { name: 'Apply' }).click(LOAD);
  const dialog = page.getByRole('dialog', { name: 'Apply for the promotion' });
  await expect(dialog).toBeVisible(LOAD);
  await dialog.getByLabel('Remark').fill('Won 250x on Lucky Lanterns');
  await expect(dialog.getByText('26/140')).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'win-1.png', mimeType: 'image/png', buffer: PNG },
    { name: 'win-2.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByRole('img', { name: 'win-2.png' })).toBeVisible();
  await shot(page, { path: `${SHOTS}/apply-dialog-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(dialog).toBeHidden(LOAD);
  await expect(promo.getByTestId('promo-status-110')).toContainText('In review', LOAD);

  // The operator reviews it in the console (1280 px) and approves ₱250.
  const ops = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const op = await ops.newPage();
  await op.addInitScript(() => localStorage.setItem('palaro.console.lang', 'EN'));
  await openConsole(op, 'ops01', '/promotions');
  const app = op.getByRole('listitem').filter({ hasText: m.username });
  await expect(app).toBeVisible(LOAD);
  await expect(app.getByRole('img')).toHaveCount(2, LOAD);
  await app.getByLabel(/Amount/).fill('250.00');
  await shot(op, { path: `${SHOTS}/console-queue-${info.project.name}.png`, fullPage: true });
  await app.getByRole('button', { name: 'Approve' }).click();
  await expect(op.getByRole('listitem').filter({ hasText: m.username })).toHaveCount(0, LOAD);
  if (info.project.name === 'desktop') {
    // A new promotion (no article, so no storefront card): the form checks its terms, then it is created, paused and resumed.
    await op.getByRole('button', { name: 'New promotion' }).click();
    const form = op.getByRole('dialog', { name: 'New promotion' });
    await form.getByLabel('Type').selectOption('FIXED');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Enter a title of 1 to 80 characters.').first()).toBeVisible();
    await expect(form.getByText('Enter an amount above zero with at most two decimals.')).toBeVisible();
    const title = `E2E fixed ${m.username}`;
    await form.getByLabel('Title (English)').fill(title);
    await form.getByLabel('Title (Tagalog)').fill(`Subok ${m.username}`);
    await form.getByLabel('Amount (PHP)').fill('12.50');
    await form.getByLabel('Budget (PHP)').fill('1,000');
    await shot(op, { path: `${SHOTS}/console-form-${info.project.name}.png` });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden(LOAD);
    // The list's row (the bonus cost table below lists the promotion too).
    const row = op.getByRole('region', { name: 'All promotions' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('0.00 / 1,000.00');
    await row.getByRole('button', { name: 'Pause' }).click();
    await expect(row).toContainText('Paused', LOAD);
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect(row).toContainText('Live', LOAD);
  }
  await expect(op.getByRole('listitem').filter({ hasText: m.username })).toHaveCount(0, LOAD);
  await op.getByRole('tab', { name: 'Approved' }).click();
  await expect(op.getByRole('listitem').filter({ hasText: m.username })).toContainText('250.00', LOAD);
  await ops.close();

  // The member claims it: cash into the main balance.
  await page.reload();
  await expect(card(page, 110).getByTestId('promo-status-110')).toContainText('Claim', LOAD);
  await card(page, 110).getByTestId('promo-claim-110').click();
  const item = page.getByTestId('reward-item').filter({ hasText: 'Big Win Bonus' });
  await expect(item).toContainText('250.00', LOAD);
  await item.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/250\.00 was added to your main balance/)).toBeVisible(LOAD);
});

test('@phone wrong images are refused with nothing filed', async ({ page }, info) => {
  await member(page, 'pb');
  await page.goto('/promotions#110');
  const promo = card(page, 110);
  await promo.getByRole('button', { name: 'Apply' }).click(LOAD);
  const dialog = page.getByRole('dialog', { name: 'Apply for the promotion' });
  await dialog.getByLabel('Remark').fill('Here is my win');
  const input = dialog.locator('input[type=file]');
  const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
  await input.setInputFiles({ name: 'win.gif', mimeType: 'image/gif', buffer: gif });
  await expect(dialog.getByText('win.gif: only PNG or JPG images can be attached.')).toBeVisible();
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) });
  await expect(dialog.getByText('huge.png is larger than 5 MB.')).toBeVisible();
  await input.setInputFiles(['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.png`, mimeType: 'image/png', buffer: PNG })));
  await expect(dialog.getByText('At most 3 images.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('img')).toHaveCount(3);
  await shot(page, { path: `${SHOTS}/apply-errors-${info.project.name}.png` });
  // Remove them, then a GIF that claims to be a PNG: the form lets it through, the server reads its bytes and refuses it.
  for (const n of ['a', 'b', 'c']) await dialog.getByRole('button', { name: `Remove ${n}.png` }).click();
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: gif });
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(dialog.getByTestId('promo-apply-error')).toHaveText('Only PNG or JPG images can be uploaded.', LOAD);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(promo.getByTestId('promo-status-110')).toContainText('Apply');
});

test('@phone visitors see the statuses and are asked to log in', async ({ page }, info) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    for (const u of ['anonymous']) sessionStorage.setItem(`popupClosed:${u}`, '1');
  });
  await page.goto('/promotions#105');
  const promo = card(page, 105);
  await expect(promo.getByTestId('promo-status-105')).toContainText('30% of a deposit of at least PHP 500.00, up to PHP 1,500.00, once a day', LOAD);
  await expect(promo.getByText('Log in to take part.')).toBeVisible();
  await promo.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Log in to continue' })).toBeVisible(LOAD);
  await shot(page, { path: `${SHOTS}/visitor-${info.project.name}.png` });
});

test('@phone a member takes a raffle ticket and waits for the draw', async ({ page, browser }, info) => {
  const m = newMember('pr');
  const token = await playerToken(page.request, m.username);
  await openAs(page, token, m.username);
  await page.goto('/promotions#111');
  const promo = card(page, 111);
  const bar = promo.getByTestId('promo-status-111');
  await expect(bar).toContainText('5 winners drawn on', LOAD);
  await expect(bar).toContainText('PHP 1,000.00 each, cash with no wagering. Tickets: once per member.');
  await expect(bar).toContainText(/committed before the draw: [0-9a-f]{64}/);
  await promo.getByRole('button', { name: 'Get a ticket' }).click();
  await expect(promo.getByText('You hold a ticket. Good luck in the draw!')).toBeVisible(LOAD);
  await expect(bar).toContainText('Joined');
  await expect(promo.getByRole('button', { name: 'Get a ticket' })).toHaveCount(0);
  await expect(promo.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await shot(promo, { path: `${SHOTS}/raffle-ticket-${info.project.name}.png` });
  // A second ticket is refused by the server in words.
  const list = await page.request.get('/wps/promotions/status', { headers: { Authorization: `Bearer ${token}` } });
  const raffle = (await list.json()).value.list.find((v: { articleId: number }) => v.articleId === 111);
  const again = await sealedApi(page.request, 'POST', `/wps/promotions/${raffle.id}/raffle`, {}, { Authorization: `Bearer ${token}` });
  expect(again.body.code).toBe('promotion.ticket_held');
  if (info.project.name === 'desktop') {
    // The console (1280 px) shows the raffle's tickets and the same commitment, the seed hidden until the draw.
    const ops = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const op = await ops.newPage();
    await op.addInitScript(() => localStorage.setItem('palaro.console.lang', 'EN'));
    await openConsole(op, 'ops01', '/promotions');
    await op.getByTestId(`promo-row-${raffle.id}`).getByRole('button', { name: 'Tickets and draw (5 winners)' }).click(LOAD);
    const dialog = op.getByRole('dialog', { name: /Weekly Raffle.*tickets and draw/ });
    await expect(dialog.getByTestId('raffle-tickets')).not.toHaveText('0', LOAD);
    await expect(dialog).toContainText(raffle.seedHash);
    await expect(dialog).toContainText('Not drawn yet: the seed is revealed after the draw.');
    await shot(op, { path: `${SHOTS}/console-raffle-${info.project.name}.png` });
    await ops.close();
  }
});
