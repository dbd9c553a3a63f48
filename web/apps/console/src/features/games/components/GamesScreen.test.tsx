import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { GamesScreen } from './GamesScreen';

afterEach(() => vi.unstubAllGlobals());

const inhouse = {
  currency: 'PHP',
  decimals: 2,
  slotProfiles: ['94', '96', '97'],
  items: [
    { game: 'slot', name: 'Palaro Parol Spins', minBet: 100, maxBet: 1_000_000, jackpotContributionBp: 100, slotProfile: '96', ownMinBet: 0, ownMaxBet: 0, ownJackpotContributionBp: 0, ownSlotProfile: '' },
    { game: 'dice', name: 'Dice Duel Davao', minBet: 100, maxBet: 1_000_000, jackpotContributionBp: 100, ownMinBet: 0, ownMaxBet: 0, ownJackpotContributionBp: 0 },
  ],
};

test('the in-house dialog validates like the server, sends minor units with the reason, and shows the server refusal', async () => {
  let answer: { code?: string; status?: number } = { code: 'brand.version_conflict', status: 409 };
  const api = mockApi({
    'GET /ops/v1/games/inhouse': () => ({ value: inhouse }),
    'PATCH /ops/v1/games/inhouse/dice': () => (answer.code ? answer : { value: { ...inhouse.items[1], maxBet: 50_000 } }),
  });
  const user = userEvent.setup();
  renderWith(<GamesScreen canWrite />, { route: '/games?tab=inhouse' });
  expect(await screen.findByRole('cell', { name: /Dice Duel Davao/ })).toBeInTheDocument();
  expect(screen.getAllByText('10,000.00 PHP')).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Edit the settings of Dice Duel Davao' }));
  const dialog = await screen.findByRole('dialog', { name: 'Settings of Dice Duel Davao' });
  expect(within(dialog).queryByLabelText('RTP profile')).toBeNull(); // the slot only
  const max = within(dialog).getByLabelText('Maximum bet (PHP)');
  await user.clear(max);
  await user.type(max, '0.50');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The maximum cannot be below the minimum.')).toBeInTheDocument();
  expect(within(dialog).getByText('Give a reason of 3 to 200 characters.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

  await user.clear(max);
  await user.type(max, '500');
  await user.type(within(dialog).getByLabelText('Reason for the change'), 'lower the stakes');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Someone changed the settings at the same time. Try again.')).toBeInTheDocument();
  const patch = api.calls.find((c) => c.method === 'PATCH');
  expect(patch?.body).toEqual({ maxBet: 50_000, reason: 'lower the stakes' });

  answer = {};
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await screen.findByText('Saved. The storefront shows it within seconds.')).toBeInTheDocument();
}, 30_000);

test('a vendor is switched off with a reason; a reader sees no edit buttons', async () => {
  const vendors = [{ code: 'PG', gameType: 'RNG', displayName: 'PG Soft', walletType: 'SEAMLESS', disabled: false, maintenance: false, maintenanceWindow: { from: 0, to: 0 }, inMaintenance: false, isNew: false, sort: 10, games: 4 }];
  const api = mockApi({
    'GET /ops/v1/games/vendors': () => ({ value: { items: vendors } }),
    'PATCH /ops/v1/games/vendors/PG/RNG': (body) => ({ value: { ...vendors[0], disabled: (body as { disabled: boolean }).disabled } }),
  });
  const user = userEvent.setup();
  const { unmount } = renderWith(<GamesScreen canWrite />, { route: '/games' });
  await user.click(await screen.findByRole('button', { name: 'Edit PG Soft in Slots' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit PG Soft' });
  await user.click(within(dialog).getByLabelText('On'));
  await user.type(within(dialog).getByLabelText('Reason for the change'), 'contract ended');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
  expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ disabled: true, reason: 'contract ended' });
  unmount();

  renderWith(<GamesScreen canWrite={false} />, { route: '/games' });
  expect(await screen.findByRole('cell', { name: /PG Soft/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
}, 30_000);
