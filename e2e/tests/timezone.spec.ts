import { test, expect } from '../lib/test';
import { bankDeposit, decideDeposit, newMember, openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// One time zone (issue 28, item 11): the brand's (Asia/Manila in the demo),
// whatever the browser's. A browser in New York sees the deposit list, the
// account record and the agent clock in Manila time, the same as the records.
test.use({ timezoneId: 'America/New_York' });
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 20_000 };

function manila(ms: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

test('a browser in New York shows the deposit list and the account record in the brand zone (Manila)', async ({ page, request }) => {
  const m = newMember('tz');
  const token = await playerToken(request, m.username);
  const deposit = await bankDeposit(request, token, '250.00');
  await decideDeposit(request, deposit.id, 'approve');
  const list = (await (await request.get('/wps/cashier/deposits', { headers: { Authorization: `Bearer ${token}` } })).json()).value;
  const created = (list.list ?? list).find((d: { orderNo: string }) => d.orderNo === deposit.orderNo).createdAt as number;
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

  await openAs(page, token, m.username);
  await page.goto('/member/depositv2');
  const row = page.getByTestId('deposit-row').filter({ hasText: deposit.orderNo });
  await expect(row).toContainText(manila(created), LOAD);

  // The account record: the deposit's credit, at the time the record's own zone says.
  const record = (await (await request.get('/wps/v2/wallets/transactions', { headers: { Authorization: `Bearer ${token}` } })).json()).value;
  expect(record.timezone).toBe('Asia/Manila');
  const credit = record.list.find((l: { type: string }) => l.type === 'deposit');
  await page.goto('/member/transactionHistory');
  await expect(page.getByTestId('record-row').filter({ has: page.locator('[data-type="deposit"]') }).first().locator('time')).toHaveText(manila(credit.time), LOAD);
  await shot(page, { path: '/tmp/shots-ux/record-new-york-browser.png' });
});

test('the agent clock shows the brand zone (GMT+08:00, Manila time) in a New York browser', async ({ page, request }) => {
  const token = await playerToken(request, 'agent01');
  await openAs(page, token, 'agent01');
  await page.goto('/agentHome');
  await expect(page.getByTestId('agent-gmt')).toHaveText('GMT+08:00', LOAD);
  const shown = (await page.getByTestId('agent-clock').textContent()) ?? '';
  const now = Date.now();
  // Within a few seconds of Manila's time now (the clock ticks every second).
  const near = [-3, -2, -1, 0, 1].map((s) => manila(now + s * 1000));
  expect(near).toContain(shown);
  await shot(page, { path: '/tmp/shots-ux/agent-clock-new-york-browser.png' });
});
