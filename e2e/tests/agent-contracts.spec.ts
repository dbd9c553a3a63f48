import { test, expect, type Page } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { call } from '../lib/cashier';
import { openAs, PASSWORD, playerToken } from '../lib/money';
import { sealedApi } from '../lib/sealed';
import { shot } from '../lib/shots';

// Contracts between an upline and a direct downline agent (issue 31, part 4;
// spec sections 3 and 4): agent01, which holds the platform's daily-wage
// contract (demo seed), offers a daily wage to a sub-agent made for the test;
// a rate above its own is refused in words; the sub-agent, in a second
// browser, is told (toast and platform message), accepts in contract
// requests; agent01 sees it accepted; the sub-agent ends it; both see it ended.

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

  await upline.close();
  await downline.close();
});
