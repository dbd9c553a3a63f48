import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { credit, darkAndLight, newMember, openAs, playerToken } from '../lib/money';

// The account record (/member/transactionHistory): a fresh member's real
// ledger lines (an opening credit and 22 wallet transfers = 23 lines of the
// main wallet; the vendor side is kept at the vendor),
// type filters, the date presets and 7/30-day steps, pagination, the totals,
// and the CSV export of the same filter, whose rows match the page.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-W2';
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 20_000 };

async function move(request: APIRequestContext, token: string, from: string, to: string, amount: string) {
  const res = await request.post('/wps/v2/wallets/transfer', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { from, to, amount },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  expect(body.value.status).toBe('SUCCESS');
}

/** "-₱1,010.00" -> "-1010.00" (the CSV's plain decimals). */
const plain = (s: string) => s.replace(/[₱,+\s]/g, '');

async function shownRange(page: Page) {
  return { from: await page.getByTestId('record-from').inputValue(), to: await page.getByTestId('record-to').inputValue() };
}

test('movements, filters, presets, pages, totals and the CSV export @phone', async ({ page, request }, info) => {
  const project = info.project.name;
  const phone = project === 'phone';
  const member = newMember('rec');
  await credit(request, member.id, '1000.00');
  const token = await playerToken(request, member.username);
  for (let i = 0; i < 11; i++) {
    await move(request, token, 'MAIN', 'JDB', '10.00');
    await move(request, token, 'JDB', 'MAIN', '10.00');
  }
  await openAs(page, token, member.username);
  await page.goto('/member/transactionHistory');
  await expect(page.getByTestId('record-page')).toBeVisible(LOAD);

  // Previous 7 days by default; 23 lines: the credit and 22 transfers.
  await expect(page.getByTestId('record-count')).toHaveText('23', LOAD);
  await expect(page.getByTestId('record-preset-last7')).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('record-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('record-sum-in')).toHaveText('+₱1,110.00');
  await expect(page.getByTestId('record-sum-out')).toHaveText('-₱110.00');
  // Newest first: the last transfer back to main, then the one out to JDB.
  await expect(rows.nth(0).getByTestId('record-amount')).toHaveText('+₱10.00');
  await expect(rows.nth(0).getByTestId('record-balance-after')).toHaveText('₱1,000.00');
  await expect(rows.nth(0).getByTestId('record-type')).toHaveText('Transfer');
  // Main-wallet lines are not labelled (only holds, bonus and other wallets are).
  await expect(rows.nth(0).getByTestId('record-wallet')).toHaveCount(0);
  await expect(rows.nth(1).getByTestId('record-amount')).toHaveText('-₱10.00');
  await expect(rows.nth(1).getByTestId('record-balance-after')).toHaveText('₱990.00');
  await expect(rows.nth(1)).toHaveAttribute('data-type', 'transfer');
  await page.waitForTimeout(300);
  await darkAndLight(page, `${SHOTS}/transactionHistory-${project}`, async () => {
    await expect(rows).toHaveCount(20, LOAD);
  });

  // Page 2 holds the rest, ending with the opening credit.
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(rows).toHaveCount(3, LOAD);
  await expect(page).toHaveURL(/page=2/);
  const last = rows.last();
  await expect(last.getByTestId('record-type')).toHaveText('Adjustment');
  await expect(last.getByTestId('record-amount')).toHaveText('+₱1,000.00');
  await expect(last.getByTestId('record-balance-after')).toHaveText('₱1,000.00');

  // Type filters (back to page 1).
  await page.getByTestId('record-type-adjustment').click();
  await expect(page.getByTestId('record-count')).toHaveText('1', LOAD);
  await expect(rows).toHaveCount(1);
  await expect(page).not.toHaveURL(/page=/);
  await page.getByTestId('record-type-transfer').click();
  await expect(page.getByTestId('record-count')).toHaveText('22', LOAD);
  await expect(page.getByTestId('record-sum-in')).toHaveText('+₱110.00');
  await page.getByTestId('record-type-deposit').click();
  await expect(page.getByText('No records in this period')).toBeVisible(LOAD);
  await page.getByTestId('record-type-all').click();
  await expect(page.getByTestId('record-count')).toHaveText('23', LOAD);

  // Presets and steps change the range (shown in the date inputs and the URL).
  const week = await shownRange(page);
  await page.getByTestId('record-preset-last30').click();
  await expect(page.getByTestId('record-preset-last30')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await shownRange(page)).from).not.toBe(week.from);
  const month = await shownRange(page);
  expect(month.to).toBe(week.to);
  expect(Date.parse(month.to) - Date.parse(month.from)).toBe(29 * 86_400_000);
  await expect(page).toHaveURL(new RegExp(`from=${month.from}&to=${month.to}`));
  await expect(page.getByTestId('record-count')).toHaveText('23', LOAD);
  await page.getByTestId('record-preset-today').click();
  await expect.poll(async () => (await shownRange(page)).from).toBe(week.to);
  await expect(page.getByTestId('record-count')).toHaveText('23', LOAD);
  await page.getByTestId('record-preset-last7').click();
  await expect(page.getByTestId('record-forward-7')).toBeDisabled();
  await page.getByTestId('record-back-7').click();
  await expect.poll(async () => Date.parse(week.from) - Date.parse((await shownRange(page)).from)).toBe(7 * 86_400_000);
  await expect(page.getByText('No records in this period')).toBeVisible(LOAD);
  await expect(page.getByTestId('record-count')).toHaveText('0');
  await page.getByTestId('record-back-30').click();
  await expect.poll(async () => Date.parse(week.from) - Date.parse((await shownRange(page)).from)).toBe(37 * 86_400_000);
  await page.getByTestId('record-forward-30').click();
  await expect.poll(async () => Date.parse(week.from) - Date.parse((await shownRange(page)).from)).toBe(7 * 86_400_000);
  await page.getByTestId('record-forward-7').click();
  await expect.poll(() => shownRange(page)).toEqual(week);
  await expect(page.getByTestId('record-count')).toHaveText('23', LOAD);

  // CSV export of the same filter: a file with a BOM, a header row and the same lines.
  await page.getByTestId('record-type-transfer').click();
  await expect(page.getByTestId('record-count')).toHaveText('22', LOAD);
  const shown = await rows.getByTestId('record-amount').allInnerTexts();
  const [download] = await Promise.all([page.waitForEvent('download', LOAD), page.getByTestId('record-export').click()]);
  expect(download.suggestedFilename()).toBe(`account-record-${week.from}-${week.to}.csv`);
  await expect(page.getByTestId('record-export-done')).toContainText(download.suggestedFilename());
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toBe('Time,Type,Wallet,Amount,Balance after,Reference,Remark');
  const csvRows = lines.slice(1).map((l) => l.split(','));
  expect(csvRows).toHaveLength(22);
  expect(csvRows.every((r) => r[1] === 'Transfer')).toBe(true);
  // The page's first 20 amounts are the file's first 20, in the same order.
  expect(csvRows.slice(0, 20).map((r) => r[3])).toEqual(shown.map(plain));
  expect(csvRows.filter((r) => r[2] === 'MAIN')).toHaveLength(22);
  expect(csvRows.filter((r) => r[3] === '-10.00')).toHaveLength(11);
  expect(csvRows[0][4]).toBe('1000.00');
  if (phone) {
    // Rows are cards on phones: the table header is hidden, nothing overflows.
    await expect(page.locator('thead')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
