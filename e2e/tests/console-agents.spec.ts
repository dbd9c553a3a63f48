// The console's agents screen (issue 31, part 9) through the real binary, on
// a server of its own (the brand holds platform-paid commissions for
// approval, and agent01's tree is changed). An administrator finds agent01
// and its direct downline, is refused a move under a plain member (worded),
// moves a member under a sub-agent with a reason (the member's audit shows
// it), detaches the sub-agent so it is a top agent and offers it a platform
// contract (the form's rules first). The agents accept, the team plays,
// `palaro jobs run` settles the day: the two bills wait for approval; one is
// approved, one rejected with a reason, the list is exported as CSV, and
// the contract is ended. axe-core and no horizontal scrolling at 1280 px.
// One sign-in, one page, client-side navigation after it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as pwRequest, type APIRequestContext } from '@playwright/test';
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { playerToken } from '../lib/cashier';
import { operatorSession } from '../lib/operator';
import { startServer, type ExtraServer } from '../lib/server';
import { shot } from '../lib/shots';
import { test, expect } from '../lib/test';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-consoleag';
const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');
const port = Number(process.env.E2E_PORT ?? 18181) + 13;
// A real server and axe on a shared machine: a generous wait per check.
const expectSlow = expect.configure({ timeout: 20_000 });
const PASSWORD = 'Palaro2026';

let server: ExtraServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  server = await startServer(port);
  const brand = server.exportBrand() as { commission: Record<string, unknown> };
  server.importBrand({ ...brand, commission: { ...brand.commission, platformApproval: true } });
  api = await pwRequest.newContext({ baseURL: server.url });
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

type Envelope = { code: string; value: any };
async function call(method: 'GET' | 'POST', path: string, token: string, data?: unknown): Promise<Envelope> {
  const res = await api.fetch(path, { method, headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() }, data });
  const body = (await res.json()) as Envelope;
  expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe('ok');
  return body;
}

/** Three dice rounds of 50.00 (valid bets 150.00: an active member for the demo brand's 100.00). */
async function play(token: string) {
  for (let i = 0; i < 3; i++) await call('POST', '/wps/inhouse/dice/bet', token, { amount: 5000, target: 5000, over: false });
}

/** Today in the brand's zone (Asia/Manila) and tomorrow 01:00 there, after the daily settlement time. */
function brandDay(): { today: string; asOf: string } {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(d);
  const today = day(new Date());
  const tomorrow = day(new Date(Date.parse(`${today}T12:00:00+08:00`) + 86_400_000));
  return { today, asOf: `${tomorrow}T01:00:00+08:00` };
}

test('an administrator walks the agent tree, moves members, contracts with a top agent and approves its bills', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).slice(-6);
  const sub = `sa${stamp}`;
  const member = `mb${stamp}`;
  const other = `mc${stamp}`;
  const agentToken = await playerToken(api, 'agent01');
  const ids: Record<string, number> = {};
  for (const [username, kind] of [[sub, 'AGENT'], [member, 'MEMBER'], [other, 'MEMBER']] as const) {
    ids[username] = (await call('POST', '/wps/agent/downline', agentToken, { username, password: PASSWORD, kind })).value.id;
  }

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openConsole(page, 'ops01', '/agents');
  await expectSlow(page.getByRole('heading', { level: 1, name: 'Agent tree' })).toBeVisible();

  // agent01 and its direct downline (the tree follows registrations within a moment).
  await page.getByLabel('Username').fill('agent01');
  await page.getByRole('button', { name: 'Find' }).click();
  await expectSlow(page.getByRole('heading', { level: 2, name: 'agent01' })).toBeVisible();
  const rows = page.getByRole('table');
  await expect(async () => {
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(rows.getByRole('link', { name: `Open ${member} in the tree` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows.getByRole('row', { name: new RegExp(sub) })).toContainText('Sub-agent');
  await noHorizontalScroll(page);
  await noSeriousAxe(page);
  await shot(page, { path: `${SHOTS}/agents-tree-1280.png`, fullPage: true });

  // Drill down to the member: its chain from the top.
  await rows.getByRole('link', { name: `Open ${member} in the tree` }).click();
  await expectSlow(page.getByRole('heading', { level: 2, name: member })).toBeVisible();
  const chain = page.getByRole('navigation', { name: 'Upline chain' });
  await expect(chain).toHaveText(`Topagent01${member}`);

  // Refused: a plain member cannot be an upline; nothing changes.
  await page.getByRole('button', { name: 'Move to another upline' }).click();
  const move = page.getByRole('dialog', { name: `Move ${member} to another upline` });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.getByText("Enter the new upline's username, or choose no upline.")).toBeVisible();
  await move.getByLabel("New upline's username").fill(other);
  await move.getByLabel('Reason').fill('agent01 asked by e-mail');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.getByRole('alert')).toHaveText('That account is not an agent: only agents can have a downline.');
  await shot(page, { path: `${SHOTS}/agents-move-1280.png` });
  // Under the sub-agent: the chain shows it once the tree follows.
  await move.getByLabel("New upline's username").fill(sub);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByText(`${member} is now under ${sub}.`)).toBeVisible();
  await expectSlow(chain).toHaveText(`Topagent01${sub}${member}`);

  // The move is in the member's audit, with its reason.
  await page.getByRole('link', { name: 'Player page' }).click();
  await expect(page).toHaveURL(new RegExp(`/console/players/${ids[member]}`));
  await page.getByRole('tab', { name: 'Audit' }).click();
  await expectSlow(page.getByRole('row', { name: /agent\.move/ })).toContainText('agent01 asked by e-mail');
  await page.goBack();

  // The sub-agent leaves agent01: a top agent now, offered a platform contract.
  await expectSlow(page.getByRole('heading', { level: 2, name: member })).toBeVisible();
  await chain.getByRole('link', { name: sub }).click();
  await expectSlow(page.getByRole('heading', { level: 2, name: sub })).toBeVisible();
  await page.getByRole('button', { name: 'Move to another upline' }).click();
  const detach = page.getByRole('dialog', { name: `Move ${sub} to another upline` });
  await detach.getByLabel('No upline: the account becomes a top account').check();
  await expect(detach.getByLabel("New upline's username")).toBeDisabled();
  await detach.getByLabel('Reason').fill('runs its own network now');
  await detach.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(`${sub} has no upline now.`)).toBeVisible();
  await expectSlow(chain).toHaveText(`No upline${sub}`);
  await page.getByRole('link', { name: 'Offer a platform contract' }).click();

  const offer = page.getByRole('dialog', { name: 'Offer a platform contract' });
  await expectSlow(offer).toBeVisible();
  await expect(offer.getByLabel("Top agent's username")).toHaveValue(sub);
  await offer.getByLabel('Contract type').selectOption('daily_wage');
  await offer.getByLabel('Valid bets from (PHP)').fill('10');
  await offer.getByLabel('Active members from').fill('1');
  await offer.getByLabel('Rate (%)').fill('0.5');
  await offer.getByRole('button', { name: 'Add tier' }).click();
  const tier2 = offer.getByRole('group', { name: 'Tier 2' });
  await tier2.getByLabel('Valid bets from (PHP)').fill('200,000');
  await tier2.getByLabel('Active members from').fill('15');
  await tier2.getByLabel('Rate (%)').fill('0.4');
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(tier2.getByText('Each tier must pay a higher rate than the tier before it.')).toBeVisible();
  await tier2.getByLabel('Rate (%)').fill('0.8');
  await noSeriousAxe(page, '[role="dialog"]');
  await shot(page, { path: `${SHOTS}/agents-offer-1280.png` });
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByText(`The offer was sent to ${sub}.`)).toBeVisible();
  await expect(offer).toBeHidden();

  // The contracts: the offer listed with its terms; its details worded as money and percentages.
  await page.getByRole('textbox', { name: 'Agent' }).fill(sub);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row', { name: new RegExp(`${sub}.*offered by Platform`) });
  await expectSlow(row).toContainText('2 tiers · 0.5% to 0.8%');
  await expect(row).toContainText('Offered');
  // One filter form: the one of the applied filters replaced the first.
  await expect(page.getByRole('form', { name: 'Filter the contracts' })).toHaveCount(1);
  await noHorizontalScroll(page);
  await shot(page, { path: `${SHOTS}/agents-contracts-1280.png`, fullPage: true });
  await row.getByRole('button', { name: /Details of contract no\./ }).click();
  const details = page.getByRole('dialog', { name: /Contract no\. \d+: Daily wage/ });
  await expect(details.getByRole('row', { name: /Tier 2/ })).toHaveText(/Tier 2\s*200,000.00\s*15\s*0.8%/);
  await shot(page, { path: `${SHOTS}/agents-contract-1280.png` });
  await details.getByRole('button', { name: 'Close' }).last().click();

  // The agents accept (the sub-agent this offer, agent01 one of its own), their teams play, the day is settled.
  const subToken = await playerToken(api, sub);
  const pending = (await call('GET', '/wps/agent/contracts?side=downline&status=pending', subToken)).value.list;
  await call('POST', `/wps/agent/contracts/${pending[0].id}/accept`, subToken);
  const ops = await operatorSession(api, 'ops01');
  const own = await call('POST', '/ops/v1/agents/contracts', ops, { downlineId: (await call('GET', '/ops/v1/agents/tree?account=agent01', ops)).value.member.id, type: 'daily_wage', tiers: [{ validBets: 1000, netLoss: 0, activeMembers: 1, rate: 100 }] });
  await call('POST', `/wps/agent/contracts/${own.value.id}/accept`, agentToken);
  await call('POST', '/ops/v1/adjustments', await operatorSession(api, 'finance01'), { memberId: ids[member], direction: 'CREDIT', amount: '500', reason: 'e2e stake' });
  await play(await playerToken(api, member));
  await play(agentToken);
  const { today, asOf } = brandDay();
  execFileSync(BIN, ['jobs', 'run', 'commission.daily_wage', '--period', today, '--as-of', asOf], { env: server.env, stdio: ['ignore', 'ignore', 'inherit'] });

  // The bills: both wait for approval, shown first. 0.5% and 1% of 150.00.
  await page.getByRole('navigation', { name: 'Agents screens' }).getByRole('link', { name: 'Bills' }).click();
  await expectSlow(page.getByRole('heading', { level: 1, name: 'Commission bills' })).toBeVisible();
  const awaiting = page.getByRole('region', { name: /^Bills waiting for approval/ });
  await expectSlow(awaiting).toHaveAccessibleName('Bills waiting for approval: 2');
  await expect(awaiting.getByRole('row', { name: new RegExp(sub) })).toContainText('0.75 PHP');
  await expect(awaiting.getByRole('row', { name: /agent01/ })).toContainText('1.50 PHP');
  await noHorizontalScroll(page);
  // The light theme was checked on the tree; the bills with the waiting panel in the dark one.
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await noSeriousAxe(page);
  await shot(page, { path: `${SHOTS}/agents-bills-dark-1280.png`, fullPage: true });
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await shot(page, { path: `${SHOTS}/agents-bills-1280.png`, fullPage: true });

  await awaiting.getByRole('row', { name: new RegExp(sub) }).getByRole('button', { name: /^Approve bill no\./ }).click();
  const approve = page.getByRole('alertdialog', { name: /Pay bill no\. \d+\?/ });
  await expect(approve).toContainText(`The platform pays 0.75 PHP to ${sub} now.`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/Bill no\. \d+ is paid\./)).toBeVisible();
  await awaiting.getByRole('row', { name: /agent01/ }).getByRole('button', { name: /^Reject bill no\./ }).click();
  const reject = page.getByRole('dialog', { name: /Reject bill no\. \d+/ });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Write a reason of 1 to 200 characters.')).toBeVisible();
  await reject.getByLabel('Reason').fill('duplicate of a manual payment');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(/Bill no\. \d+ is rejected\./)).toBeVisible();
  await expect(awaiting).toBeHidden();
  const list = page.getByRole('table', { name: 'Commission bills' });
  await expect(list.getByRole('row', { name: new RegExp(sub) })).toContainText('Paid');
  await expect(list.getByRole('row', { name: /agent01/ })).toContainText('Rejected');
  await expect(page.getByRole('paragraph').filter({ hasText: /^Bills\s*\d/ })).toHaveText(/Bills\s*2\s*Owed\s*2.25 PHP\s*Paid\s*0.75 PHP/);

  // The whole list as a CSV file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\ufeffBill no.,Contract no.,Type,Period start,Period end,Paid by,Paid to,Valid bets,Net loss,Active members,Tier,Rate,Amount,Paid,Status,Currency');
  expect(csv).toMatch(new RegExp(`Platform,${sub},150\\.00,[-0-9.]+,1,1,0\\.5%,0\\.75,0\\.75,Paid,PHP`));
  expect(csv).toMatch(/Platform,agent01,150\.00,[-0-9.]+,1,1,1%,1\.50,0\.00,Rejected,PHP/);

  // The contract ends after a confirmation.
  await page.getByRole('navigation', { name: 'Agents screens' }).getByRole('link', { name: 'Contracts' }).click();
  await page.getByRole('textbox', { name: 'Agent' }).fill(sub);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expectSlow(row).toContainText('Active');
  await row.getByRole('button', { name: /Details of contract no\./ }).click();
  await details.getByRole('button', { name: 'End contract' }).click();
  const confirm = page.getByRole('alertdialog', { name: /End contract no\. \d+\?/ });
  await confirm.getByRole('button', { name: 'End contract' }).click();
  await expect(page.getByText(/Contract no\. \d+ has ended\./)).toBeVisible();
  await expectSlow(row).toContainText('Ended');
  await expect(row).toContainText('ended by an operator');
  await context.close();
});
