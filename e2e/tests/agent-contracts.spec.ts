import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { call } from '../lib/cashier';
import { noHorizontalScroll } from '../lib/console';
import { captchaAnswer, dbPath } from '../lib/db';
import { bankDeposit, decideDeposit, openAs, PASSWORD, playerToken } from '../lib/money';
import { sealedApi } from '../lib/sealed';
import { shot } from '../lib/shots';

// Contracts between an upline and a direct downline agent (issue 31, part 4;
// spec sections 3 and 4): agent01, which holds the platform's daily-wage
// contract (demo seed), offers a daily wage to a sub-agent made for the test;
// a rate above its own is refused in words; the sub-agent, in a second
// browser, is told (toast and platform message), accepts in contract
// requests; agent01 sees it accepted; the sub-agent ends it; both see it ended.
// Then settlement: a sub-agent holding agent01's daily wage makes an
// invitation link, a member registers through it, deposits and plays;
// `palaro jobs run commission.daily_wage` settles today at once and the
// sub-agent sees the bill, its income and the money.

const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/agent-contracts';
const LOAD = { timeout: 20_000 };

/** A sub-agent directly under agent01 (register centre API), its password changed from the starting one; its id, name and a session token. */
async function subAgent(request: Parameters<typeof playerToken>[0], agentToken: string) {
  const username = `sa${Date.now().toString(36).slice(-7)}`;
  const made = await call(request, 'POST', '/wps/agent/downline', agentToken, { username, password: PASSWORD, kind: 'AGENT' });
  expect(made.code, JSON.stringify(made)).toBe('ok');
  // The starting password must be changed (as the forced-change dialog would).
  const first = await playerToken(request, username);
  const fresh = 'Kontrata2026';
  const changed = await sealedApi(request, 'POST', '/wps/member/password', { oldPassword: PASSWORD, newPassword: fresh, confirmNewPassword: fresh }, { Authorization: `Bearer ${first}` });
  expect(changed.body.code, JSON.stringify(changed.body)).toBe('ok');
  const { body } = await sealedApi(request, 'POST', '/wps/session/login', { type: 'username', username, password: fresh, botcheck: await botcheck(request) });
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return { id: made.value.id as number, username, token: body.value.token as string };
}

/** A pushed notice of this kind, shown as a toast. */
const toast = (page: Page, kind: string) => page.locator(`[data-testid="notice-toast"][data-kind="${kind}"]`).first();

/** The row of the contract with this agent in "All contracts". */
const contractRow = (page: Page, account: string) => page.getByTestId('agent-contracts-all').getByRole('row').filter({ hasText: account });

test('an upline offers a daily wage, the sub-agent accepts in another browser, then ends it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const agentToken = await playerToken(request, 'agent01');
  const sub = await subAgent(request, agentToken);

  const upline = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const downline = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openAs(upline, agentToken, 'agent01');
  await openAs(downline, sub.token, sub.username);

  // The sub-agent waits on its contract requests: nothing offered yet (its socket open for the notice).
  const socket = downline.waitForEvent('websocket', LOAD);
  await downline.goto('/agentHome/contractRequests');
  await expect(downline.getByRole('heading', { level: 1, name: 'Contract requests' })).toBeVisible(LOAD);
  await expect(downline.getByTestId('agent-contracts-received').or(downline.getByText('No offer is waiting for you.'))).toBeVisible(LOAD);
  await socket;

  // agent01 finds the sub-agent in team management and opens the offer form.
  await upline.goto(`/agentHome/downlineManagmentView?username=${sub.username}`);
  await upline.getByRole('link', { name: `Offer a contract to ${sub.username}` }).click();
  const form = upline.getByTestId('agent-offer');
  await expect(form.getByRole('heading', { name: `Offer a contract to ${sub.username}` })).toBeVisible(LOAD);
  await form.getByLabel('Contract type').selectOption('daily_wage');
  await form.getByLabel('Valid bets from').fill('100');
  await form.getByLabel('Active members from').fill('1');
  // 5 % is above agent01's own daily wage (1 % at these figures): refused, in words, nothing sent.
  await form.getByLabel('Rate (%)').fill('5');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(form.getByRole('alert')).toHaveText('Tier 1 pays more than your own contract.');
  await shot(upline, { path: `${SHOTS}/offer-refused-1440.png`, fullPage: true });
  await form.getByLabel('Rate (%)').fill('0.5');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(upline.getByTestId('agent-contract-note')).toHaveText(`The offer was sent to ${sub.username}.`);
  await expect(contractRow(upline, sub.username)).toContainText('Pending');

  // The sub-agent is told at once, and the offer waits for its answer.
  await expect(toast(downline, 'contract_offered')).toContainText(`New daily wage contract offer from agent01`, LOAD);
  const offered = downline.getByTestId('agent-contracts-received').getByRole('row').filter({ hasText: 'agent01' });
  await expect(offered).toContainText('Daily wage', LOAD);
  await expect(offered).toContainText('1: 0.5%');
  await shot(downline, { path: `${SHOTS}/offer-received-1440.png`, fullPage: true });
  // The platform message says the same, in the agent centre's messages.
  await toast(downline, 'contract_offered').getByRole('link', { name: 'Open messages' }).click();
  await expect(downline).toHaveURL(/\/agentHome\/messageV2$/);
  const message = downline.locator('[data-testid="message-item"][data-kind="contract_offered"]');
  await expect(message).toContainText('New contract offer', LOAD);
  await message.getByRole('button').click();
  await expect(message.getByTestId('message-body')).toContainText('New daily wage contract offer from agent01');
  await shot(downline, { path: `${SHOTS}/messages-1440.png`, fullPage: true });

  // It accepts.
  await downline.getByTestId('agent-nav').getByRole('link', { name: 'Contract requests' }).click();
  await offered.getByRole('button', { name: 'Accept' }).click();
  await downline.getByTestId('agent-contract-confirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(downline.getByTestId('agent-contract-note')).toHaveText('Daily wage: the contract is now active.');
  await expect(contractRow(downline, 'agent01')).toContainText('Active');

  // agent01 sees it accepted (its page follows the notice).
  await expect(toast(upline, 'contract_accepted')).toContainText(`${sub.username} accepted your daily wage contract`, LOAD);
  await expect(contractRow(upline, sub.username)).toContainText('Active', LOAD);
  await shot(upline, { path: `${SHOTS}/accepted-1440.png`, fullPage: true });

  // The sub-agent ends it; both see it ended.
  await contractRow(downline, 'agent01').getByRole('button', { name: 'End' }).click();
  await downline.getByTestId('agent-contract-confirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(downline.getByTestId('agent-contract-note')).toHaveText('Daily wage: the contract was ended.');
  await expect(contractRow(downline, 'agent01')).toContainText('Ended');
  await expect(toast(upline, 'contract_terminated')).toContainText(`between agent01 and ${sub.username} has ended`, LOAD);
  await expect(contractRow(upline, sub.username)).toContainText('Ended', LOAD);
  await shot(upline, { path: `${SHOTS}/ended-1440.png`, fullPage: true });

  // On a phone the offer form and the contract tables fit the width.
  await upline.setViewportSize({ width: 390, height: 844 });
  await upline.goto(`/agentHome/contractRequests?offerTo=${sub.id}&account=${sub.username}`);
  await expect(upline.getByTestId('agent-offer')).toBeVisible(LOAD);
  await noHorizontalScroll(upline);
  await shot(upline, { path: `${SHOTS}/offer-390.png`, fullPage: true });

  await upline.close();
  await downline.close();
});

/** Today in the brand's zone (Asia/Manila, UTC+8 all year) and the next day. */
function brandDays(): { today: string; tomorrow: string } {
  const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  return { today: day(Date.now()), tomorrow: day(Date.now() + 86_400_000) };
}

test('a member registered through a sub-agent\'s link plays; the daily wage is settled and paid to the sub-agent', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const agentToken = await playerToken(request, 'agent01');
  const sub = await subAgent(request, agentToken);
  // agent01 passes on a daily wage of 0.5 % from 100.00 of valid bets and one active member; the sub-agent accepts (API: the browsers' part is above).
  const offer = await call(request, 'POST', '/wps/agent/contracts', agentToken, { downlineId: sub.id, type: 'daily_wage', tiers: [{ validBets: 10_000, netLoss: 0, activeMembers: 1, rate: 50 }] });
  expect(offer.code, JSON.stringify(offer)).toBe('ok');
  expect((await call(request, 'POST', `/wps/agent/contracts/${offer.value.id}/accept`, sub.token)).code).toBe('ok');

  // The sub-agent makes an invitation link for members in its register centre.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openAs(page, sub.token, sub.username);
  await page.goto('/agentHome/registerCenter');
  await page.getByLabel('Registers as').selectOption('MEMBER');
  await page.getByLabel('Label (optional)').fill('Daily wage test');
  await page.getByRole('button', { name: 'Make link' }).click();
  const link = page.getByTestId('agent-links-table').getByRole('row').filter({ hasText: 'Daily wage test' });
  await expect(link).toBeVisible(LOAD);
  const code = ((await link.locator('strong').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z0-9]+$/);

  // A member registers with that link's code (what /register?affiliateCode=<code> sends), deposits 500.00 and plays one 200.00 dice round.
  const member = `dw${Date.now().toString(36).slice(-7)}`;
  const cap = (await (await request.get('/wps/captcha')).json()).value;
  const reg = await sealedApi(request, 'PUT', '/wps/member/register', {
    username: member, password: PASSWORD, confirmPassword: PASSWORD, captcha: captchaAnswer(cap.captchaKey), captchaKey: cap.captchaKey,
    affiliateCode: code, registerMethod: 'WEB', domain: '127.0.0.1', registerUrl: `/register?affiliateCode=${code}`, login: false, botcheck: await botcheck(request),
  });
  expect(reg.body.code, JSON.stringify(reg.body)).toBe('ok');
  const memberToken = await playerToken(request, member);
  const deposit = await bankDeposit(request, memberToken, '500');
  await decideDeposit(request, deposit.id, 'approve');
  const bet = await (await request.post('/wps/inhouse/dice/bet', { headers: { Authorization: `Bearer ${memberToken}`, 'Idempotency-Key': randomUUID() }, data: { amount: 20_000, target: 5000, over: false } })).json();
  expect(bet.code, JSON.stringify(bet)).toBe('ok');
  // The member is in the sub-agent's team.
  await page.goto(`/agentHome/downlineManagmentView?username=${member}`);
  await expect(page.getByTestId('agent-team-table')).toContainText(member, LOAD);

  // Today's daily wages, settled now (as the scheduler would after the brand's settlement time tomorrow).
  const { today, tomorrow } = brandDays();
  const out = execFileSync(BIN, ['jobs', 'run', 'commission.daily_wage', '--period', today, '--as-of', `${tomorrow}T01:00:00+08:00`], {
    env: { ...process.env, PALARO_DATABASE_URL: `sqlite://${dbPath()}`, PALARO_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(out).toContain(`commission.daily_wage ${today} done`);

  // The bill: 0.5 % of the team's 200.00 of valid bets, one active member, paid by agent01.
  await page.getByTestId('agent-nav').getByRole('link', { name: 'Daily wages' }).click();
  const bill = page.getByTestId('agent-bills-table').getByRole('row').filter({ hasText: 'agent01' });
  await expect(bill).toContainText(today, LOAD);
  await expect(bill).toContainText('200.00');
  await expect(bill).toContainText('Tier 1 · 0.5%');
  await expect(bill).toContainText('1.00');
  await expect(bill).toContainText('Paid');
  await shot(page, { path: `${SHOTS}/daily-wage-bill-1440.png`, fullPage: true });
  // My income counts it as earned and paid.
  await page.getByTestId('agent-nav').getByRole('link', { name: 'My income' }).click();
  await expect(page.getByTestId('agent-income-totals')).toContainText('1.00', LOAD);
  // The money, in its balance (the agent centre's withdraw page) and as a
  // Commission line of its account record (the money moves now, whatever
  // --as-of says about which periods are due).
  await page.getByTestId('agent-nav').getByRole('link', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('withdraw-balance')).toHaveText(/^\D*1\.00$/, LOAD);
  // And a platform message says so.
  await page.getByTestId('agent-nav').getByRole('link', { name: 'Platform messages' }).click();
  await expect(page.locator('[data-testid="message-item"][data-kind="commission_paid"]')).toContainText('Commission paid', LOAD);
  await page.goto('/member/transactionHistory');
  await expect(page.getByRole('row').filter({ hasText: 'Commission' }).first()).toContainText('1.00', LOAD);
  await page.close();
});
