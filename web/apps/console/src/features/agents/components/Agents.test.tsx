import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import type { TreeNode } from '../api/agents';
import type { Bill } from '../api/commission';
import { Bills } from './Bills';
import { MoveDialog } from './MoveDialog';
import { OfferDialog } from './OfferDialog';

afterEach(() => vi.unstubAllGlobals());

const node: TreeNode = { id: 40, account: 'player9', type: 0, agent: false, status: 'ACTIVE', parentId: 7, directCount: 0, teamCount: 0, balance: 0, registeredAt: 0 };

test('a refused move is worded in the dialog; an accepted one names the new upline by username', async () => {
  let refuse = true;
  const onMoved = vi.fn();
  const api = mockApi({
    'POST /ops/v1/agents/move': () => (refuse ? { status: 409, code: 'agent.move_cycle' } : { value: { memberId: 40, fromParentId: 7, toParentId: 31 } }),
  });
  renderWith(<MoveDialog member={node} onClose={vi.fn()} onMoved={onMoved} />);
  const dialog = screen.getByRole('dialog', { name: 'Move player9 to another upline' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await within(dialog).findByText("Enter the new upline's username, or choose no upline.")).toBeInTheDocument();
  expect(within(dialog).getByText('Write a reason of 1 to 200 characters.')).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);

  await userEvent.type(within(dialog).getByLabelText("New upline's username"), ' sub01 ');
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'agent request');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('That upline is the account itself or in its team: the move would make a loop.');
  expect(onMoved).not.toHaveBeenCalled();

  refuse = false;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(onMoved).toHaveBeenCalledWith({ memberId: 40, fromParentId: 7, toParentId: 31 }));
  expect(api.calls.at(-1)?.body).toEqual({ memberId: 40, parentAccount: 'sub01', parentId: 0, reason: 'agent request' });
  expect(await screen.findByText('player9 is now under sub01.')).toBeInTheDocument();
});

test('detaching sends no upline', async () => {
  const api = mockApi({ 'POST /ops/v1/agents/move': () => ({ value: { memberId: 40, fromParentId: 7, toParentId: 0 } }) });
  renderWith(<MoveDialog member={node} onClose={vi.fn()} onMoved={vi.fn()} />);
  await userEvent.click(screen.getByLabelText('No upline: the account becomes a top account'));
  expect(screen.getByLabelText("New upline's username")).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Reason'), 'left');
  await userEvent.click(screen.getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(api.calls).toHaveLength(1));
  expect(api.calls[0].body).toEqual({ memberId: 40, parentId: 0, reason: 'left' });
});

test('the offer looks the agent up, then sends minor units and basis points; a refusal is worded', async () => {
  let answer: { code?: string; status?: number; value?: unknown } = { status: 403, code: 'commission.not_top_agent' };
  const api = mockApi({
    'GET /ops/v1/agents/tree': (_, url) => ({ value: { member: { ...node, id: 9, account: url.searchParams.get('account'), type: 1, agent: true } } }),
    'POST /ops/v1/agents/contracts': () => answer,
  });
  const onClose = vi.fn();
  renderWith(<OfferDialog open agent="sa01" decimals={2} currency="PHP" onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Offer a platform contract' });
  expect(within(dialog).getByLabelText("Top agent's username")).toHaveValue('sa01');
  await userEvent.selectOptions(within(dialog).getByLabelText('Contract type'), 'dividend');
  await userEvent.selectOptions(within(dialog).getByLabelText('Settlement period'), 'monthly');
  await userEvent.type(within(dialog).getByLabelText('Valid bets from (PHP)'), '1,000.50');
  await userEvent.type(within(dialog).getByLabelText('Net loss from (PHP)'), '100');
  await userEvent.type(within(dialog).getByLabelText('Active members from'), '5');
  await userEvent.type(within(dialog).getByLabelText('Rate (%)'), '12.5');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('That agent has an upline: the platform contracts only with top agents.');
  const post = api.calls.find((c) => c.method === 'POST');
  expect(post?.body).toEqual({ downlineId: 9, type: 'dividend', period: 'monthly', tiers: [{ validBets: 100_050, netLoss: 10_000, activeMembers: 5, rate: 1250 }] });
  expect(onClose).not.toHaveBeenCalled();

  answer = { value: { id: 3 } };
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(await screen.findByText('The offer was sent to sa01.')).toBeInTheDocument();
});

const bill = (id: number, status: string, payee: string): Bill => ({
  id,
  contractId: id,
  type: 'daily_wage',
  payerId: 0,
  payerAccount: '',
  payeeId: id + 100,
  payeeAccount: payee,
  periodStart: 0,
  periodEnd: 86_400_000,
  inputs: { validBets: 15_000, bets: 15_000, wins: 0, netLoss: 15_000, activeMembers: 1, carryIn: 0, carryOut: 0, tier: 1, rate: 50, winRate: 0, lossRate: 0, betRate: 0 },
  amount: 75,
  paid: status === 'paid' ? 75 : 0,
  status,
  currency: 'PHP',
  createdAt: 0,
  paidAt: 0,
});

test('bills waiting for approval come first and are paid after a confirmation; without the right they are only shown', async () => {
  let waiting = [bill(2, 'awaiting_approval', 'sa01')];
  const api = mockApi({
    'GET /ops/v1/agents/bills': (_, url) => {
      const list = url.searchParams.get('status') === 'awaiting_approval' ? waiting : [bill(1, 'paid', 'agent01'), ...waiting];
      return { value: { list, total: list.length, page: 1, pageSize: 25, sums: { amount: 75 * list.length, paid: 75 }, currency: 'PHP', decimals: 2 } };
    },
    'POST /ops/v1/agents/bills/2/approve': () => {
      waiting = [];
      return { value: bill(2, 'paid', 'sa01') };
    },
  });
  const view = renderWith(<Bills canApprove treePath={(a) => `/agents?account=${a}`} />, { route: '/agents/bills' });
  const region = await screen.findByRole('region', { name: 'Bills waiting for approval: 1' });
  expect(within(region).getByRole('row', { name: /sa01/ })).toHaveTextContent('0.75 PHP');
  await userEvent.click(within(region).getByRole('button', { name: 'Approve bill no. 2' }));
  const confirm = screen.getByRole('alertdialog', { name: 'Pay bill no. 2?' });
  expect(confirm).toHaveTextContent('The platform pays 0.75 PHP to sa01 now.');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Bill no. 2 is paid.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('region', { name: /Bills waiting for approval/ })).not.toBeInTheDocument());
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/ops/v1/agents/bills/2/approve']);
  view.unmount();

  waiting = [bill(3, 'awaiting_approval', 'sa02')];
  renderWith(<Bills canApprove={false} treePath={(a) => a} />, { route: '/agents/bills' });
  const readOnly = await screen.findByRole('region', { name: 'Bills waiting for approval: 1' });
  expect(within(readOnly).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
});
