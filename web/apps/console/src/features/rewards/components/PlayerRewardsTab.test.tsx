import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { PlayerRewardsTab } from './PlayerRewardsTab';

afterEach(() => vi.unstubAllGlobals());

const grant = { id: 3, source: 'OPERATOR', title: 'Goodwill', amount: 5000, balance: 4200, wagerRequired: 50000, wagered: 12500, maxBet: 550, maxConvert: 0, status: 'ACTIVE', convertedAmount: 0, forfeitedAmount: 0, createdAt: 1, expiresAt: 2, endedAt: null };
const page = (active: unknown) => ({
  value: {
    rewards: {
      items: [
        { id: 2, source: 'OPERATOR', title: 'Goodwill', titleEN: 'Goodwill', titleTY: 'Pasasalamat', amount: 5000, kind: 'BONUS', wagerMultiple: 10, wagerRequired: 50000, maxBet: 550, validDays: 7, status: 'CLAIMED', issuedAt: 1, expiresAt: 2, claimedAt: 3, grantId: 3 },
        { id: 1, source: 'WELCOME', title: 'Welcome Bonus', titleEN: 'Welcome Bonus', titleTY: '', amount: 10000, kind: 'CASH', wagerMultiple: 0, wagerRequired: 0, maxBet: 0, validDays: 0, status: 'ISSUED', issuedAt: 1, expiresAt: 2, claimedAt: null, grantId: 0 },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    },
    waiting: 1,
    active,
    balance: active ? 4200 : 0,
    history: [{ ...grant, id: 1, status: 'FORFEITED', reason: 'OPERATOR', forfeitedAmount: 300, endedAt: 5 }],
    currency: 'PHP',
    decimals: 2,
  },
});

test('shows the live bonus with its progress, the rewards and the ended grants; read-only without rewards.write', async () => {
  mockApi({ 'GET /ops/v1/players/7/rewards': () => page(grant) });
  renderWith(<PlayerRewardsTab id={7} canWrite={false} />);
  const live = await screen.findByTestId('live-bonus');
  expect(within(live).getByText('42.00 PHP')).toBeInTheDocument();
  expect(within(live).getByText('5.50 PHP')).toBeInTheDocument();
  expect(within(live).getByRole('progressbar', { name: 'Wagering progress' })).toHaveAttribute('value', '25');
  expect(screen.getByText('Rewards (2)')).toBeInTheDocument();
  expect(screen.getByText('1 waiting')).toBeInTheDocument();
  expect(screen.getByText('wager ×10, 7 days')).toBeInTheDocument();
  expect(screen.getByText('by an operator')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Forfeit bonus' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Issue reward' })).not.toBeInTheDocument();
}, 20_000);

test('forfeiting asks for a reason and posts it', async () => {
  const api = mockApi({
    'GET /ops/v1/players/7/rewards': () => page(grant),
    'POST /ops/v1/players/7/bonus/forfeit': () => ({ value: { grant: { ...grant, status: 'FORFEITED', forfeitedAmount: 4200 } } }),
  });
  renderWith(<PlayerRewardsTab id={7} canWrite />);
  await userEvent.click(await screen.findByRole('button', { name: 'Forfeit bonus' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Forfeit this bonus?' });
  expect(dialog).toHaveTextContent('42.00 PHP');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
  expect(await within(dialog).findByText('Give a reason of 3 to 200 characters.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'bonus abuse');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
  expect(await screen.findByText('Bonus forfeited: 42.00 PHP removed.')).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'bonus abuse' });
}, 20_000);

test('issuing a bonus sends its terms with an Idempotency-Key; the server refusal is shown', async () => {
  let refuse = true;
  const api = mockApi({
    'GET /ops/v1/players/7/rewards': () => page(null),
    'POST /ops/v1/players/7/rewards': () => (refuse ? { status: 400, code: 'reward.above_limit' } : { value: { reward: { id: 9, amount: 2500 }, replayed: false } }),
  });
  renderWith(<PlayerRewardsTab id={7} canWrite />);
  expect(await screen.findByText('The player has no active bonus.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Issue reward' }));
  const dialog = await screen.findByRole('dialog', { name: 'Issue a reward' });
  expect(within(dialog).queryByLabelText('Wagering multiple')).not.toBeInTheDocument();
  await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'BONUS');
  await userEvent.type(within(dialog).getByLabelText('Amount (PHP)'), '25');
  await userEvent.type(within(dialog).getByLabelText('Title in English'), 'Sorry bonus');
  await userEvent.clear(within(dialog).getByLabelText('Maximum bet (PHP)'));
  await userEvent.type(within(dialog).getByLabelText('Maximum bet (PHP)'), '2.50');
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'game outage');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('above what one operator may give');
  refuse = false;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
  expect(await screen.findByText('Reward of 25.00 PHP issued.')).toBeInTheDocument();
  const posts = api.calls.filter((c) => c.method === 'POST');
  expect(posts[0].body).toEqual({ kind: 'BONUS', amount: '25', titleEN: 'Sorry bonus', titleTY: '', claimDays: 7, wagerMultiple: 10, maxBet: '2.50', validDays: 7, reason: 'game outage' });
  expect(posts[0].headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9-]{8,}$/);
  await waitFor(() => expect(posts[1].headers['Idempotency-Key']).toBe(posts[0].headers['Idempotency-Key']));
}, 20_000);

test("shows the player's VIP level when the brand runs the club, nothing when it does not", async () => {
  mockApi({
    'GET /ops/v1/players/7/rewards': () => page(null),
    'GET /ops/v1/players/7/vip': () => ({ value: { enabled: true, level: 2, name: 'Silver', validBets: 100000, deposits: 50000, levelSince: 0 } }),
  });
  const { unmount } = renderWith(<PlayerRewardsTab id={7} canWrite={false} />);
  const vip = await screen.findByTestId('player-vip');
  expect(within(vip).getByRole('heading', { name: 'VIP club' })).toBeInTheDocument();
  expect(within(vip).getByText('Silver (level 2)')).toBeInTheDocument();
  expect(within(vip).getByText('1,000.00 PHP')).toBeInTheDocument();
  unmount();
  mockApi({ 'GET /ops/v1/players/8/rewards': () => page(null), 'GET /ops/v1/players/8/vip': () => ({ value: { enabled: false } }) });
  renderWith(<PlayerRewardsTab id={8} canWrite={false} />);
  await screen.findByTestId('live-bonus');
  expect(screen.queryByTestId('player-vip')).not.toBeInTheDocument();
}, 20_000);
