// The console's agents screen (issue 31, part 9) through the real binary: an
// administrator finds agent01 and its direct downline, is refused a move
// under a plain member (worded), moves a member under a sub-agent with a
// reason (the member's audit shows it), detaches the sub-agent so it is a
// top agent, offers it a platform contract (the form's rules first), ends
// the offer, and reads the bills. axe-core and no horizontal scrolling at
// 1280 px on each view. One sign-in, one page, client-side navigation.
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { playerToken } from '../lib/cashier';
import { shot } from '../lib/shots';
import { test, expect, type APIRequestContext } from '../lib/test';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-consoleag';
// A real server and axe on a shared machine: a generous wait per check.
const expectSlow = expect.configure({ timeout: 20_000 });

/** agent01 creates a direct downline account (POST /wps/agent/downline); its id. */
async function downline(request: APIRequestContext, token: string, username: string, kind: 'MEMBER' | 'AGENT'): Promise<number> {
  const res = await request.post('/wps/agent/downline', { headers: { Authorization: `Bearer ${token}` }, data: { username, password: 'Down2026x', kind } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value.id;
}

test('an administrator walks the agent tree, moves members, offers a platform contract and reads the bills', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-6);
  const sub = `sa${stamp}`;
  const member = `mb${stamp}`;
  const other = `mc${stamp}`;
  const agentToken = await playerToken(request, 'agent01');
  await downline(request, agentToken, sub, 'AGENT');
  const memberId = await downline(request, agentToken, member, 'MEMBER');
  await downline(request, agentToken, other, 'MEMBER');

  await page.setViewportSize({ width: 1280, height: 900 });
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
  await expect(chain).toContainText(`Topagent01${member}`);

  // Refused: a plain member cannot be an upline; nothing changes.
  await page.getByRole('button', { name: 'Move to another upline' }).click();
  const move = page.getByRole('dialog', { name: `Move ${member} to another upline` });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.getByText('Enter the new upline\'s username, or choose no upline.')).toBeVisible();
  await move.getByLabel("New upline's username").fill(other);
  await move.getByLabel('Reason').fill('agent01 asked by e-mail');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.getByRole('alert')).toHaveText('That account is not an agent: only agents can have a downline.');
  await shot(page, { path: `${SHOTS}/agents-move-1280.png` });
  // Under the sub-agent: the chain shows it at once the tree follows.
  await move.getByLabel("New upline's username").fill(sub);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByText(`${member} is now under ${sub}.`)).toBeVisible();
  await expectSlow(chain).toContainText(`Topagent01${sub}${member}`);

  // The move is in the member's audit, with its reason.
  await page.getByRole('link', { name: 'Player page' }).click();
  await expect(page).toHaveURL(new RegExp(`/console/players/${memberId}`));
  await page.getByRole('tab', { name: 'Audit' }).click();
  const audit = page.getByRole('row', { name: /agent\.move/ });
  await expectSlow(audit).toContainText('agent01 asked by e-mail');
  await page.goBack();
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
  await offer.getByLabel('Valid bets from (PHP)').fill('50,000');
  await offer.getByLabel('Active members from').fill('5');
  await offer.getByLabel('Rate (%)').fill('0.5');
  await offer.getByRole('button', { name: 'Add tier' }).click();
  const tier2 = offer.getByRole('group', { name: 'Tier 2' });
  await tier2.getByLabel('Valid bets from (PHP)').fill('200000');
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
  await noHorizontalScroll(page);
  await shot(page, { path: `${SHOTS}/agents-contracts-1280.png`, fullPage: true });
  await row.getByRole('button', { name: /Details of contract no\./ }).click();
  const details = page.getByRole('dialog', { name: /Contract no\. \d+: Daily wage/ });
  await expect(details.getByRole('row', { name: /Tier 2/ })).toHaveText(/Tier 2\s*200,000.00\s*15\s*0.8%/);
  await shot(page, { path: `${SHOTS}/agents-contract-1280.png` });
  // Withdrawn after a confirmation.
  await details.getByRole('button', { name: 'Withdraw offer' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Withdraw offer no\. \d+\?/ });
  await confirm.getByRole('button', { name: 'Withdraw offer' }).click();
  await expect(page.getByText(/Contract no\. \d+ has ended\./)).toBeVisible();
  await expectSlow(row).toContainText('Ended');
  await expect(row).toContainText('ended by an operator');

  // The bills.
  await page.getByRole('navigation', { name: 'Agents screens' }).getByRole('link', { name: 'Bills' }).click();
  await expectSlow(page.getByRole('heading', { level: 1, name: 'Commission bills' })).toBeVisible();
  await expect(page.getByText('Bills', { exact: true }).first()).toBeVisible();
  await noHorizontalScroll(page);
  await noSeriousAxe(page);
  await shot(page, { path: `${SHOTS}/agents-bills-1280.png`, fullPage: true });
});
