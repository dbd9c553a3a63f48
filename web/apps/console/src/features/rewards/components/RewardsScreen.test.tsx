import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { RewardsScreen } from './RewardsScreen';

afterEach(() => vi.unstubAllGlobals());

const row = { source: 'OPERATOR', issued: 2, issuedAmount: 15000, claimed: 2, claimedAmount: 15000, claimedCash: 10000, granted: 1, grantedAmount: 5000, ended: 1, converted: 1234, forfeited: 5000, cost: 11234 };
const costs = { value: { from: '2026-03-01', to: '2026-03-30', timezone: 'Asia/Manila', currency: 'PHP', decimals: 2, rows: [row], total: { ...row, source: '' } } };
const brand = {
  value: {
    version: 17,
    config: {
      brandName: 'Palaro',
      currency: { code: 'PHP', symbol: '₱', decimals: 2 },
      rewards: {
        welcome: { percent: 100, cap: 500000, minDeposit: 20000, wagerMultiple: 15, wagerWithDeposit: true, maxBet: 50000, claimDays: 7, validDays: 30, weights: { RNG: 10000, LIVE: 1000 }, startsAt: 0 },
        rebate: { rates: { RNG: 120 }, at: '05:00', minAmount: 100, claimDays: 3, startsAt: 0 },
      },
    },
  },
};

test('the cost per source with its totals and definitions', async () => {
  mockApi({ 'GET /ops/v1/rewards/costs': () => costs, 'GET /ops/v1/brand': () => brand });
  renderWith(<RewardsScreen canEditTerms={false} />);
  const report = await screen.findByTestId('reward-costs');
  const table = within(report).getByRole('table');
  expect(within(table).getByText('Operator')).toBeInTheDocument();
  expect(within(table).getAllByText('112.34').length).toBeGreaterThan(0);
  expect(within(report).getByText('112.34 PHP')).toBeInTheDocument();
  expect(within(report).getByText(/Cost = cash paid \+ bonus converted/)).toBeInTheDocument();
  expect(await screen.findByLabelText('Rebate rate of Slots (%)')).toBeDisabled();
}, 20_000);

test('the terms are shown as people read them and saved as the brand stores them, with a reason', async () => {
  const api = mockApi({ 'GET /ops/v1/rewards/costs': () => costs, 'GET /ops/v1/brand': () => brand, 'PUT /ops/v1/brand': (body) => ({ value: { version: 18, config: (body as { config: unknown }).config } }) });
  renderWith(<RewardsScreen canEditTerms />);
  const rate = await screen.findByLabelText('Rebate rate of Slots (%)');
  expect(rate).toHaveValue('1.2');
  expect(screen.getByLabelText('Cap (PHP)')).toHaveValue('5000.00');
  expect(screen.getByLabelText('Wagering weight of Live casino (%)')).toHaveValue('10');
  await userEvent.clear(rate);
  await userEvent.type(rate, '1.5');
  await userEvent.type(screen.getByLabelText('Rebate rate of Fishing (%)'), '0.25');
  await userEvent.click(screen.getByRole('button', { name: 'Save terms' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save the reward terms?' });
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'new rebate rates');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save terms' }));
  expect(await screen.findByText('Terms saved.')).toBeInTheDocument();
  const put = api.calls.find((c) => c.method === 'PUT');
  const body = put?.body as { version: number; reason: string; config: { brandName: string; rewards: { rebate: { rates: Record<string, number> }; welcome: { cap: number } } } };
  expect(body.version).toBe(17);
  expect(body.reason).toBe('new rebate rates');
  expect(body.config.brandName).toBe('Palaro');
  expect(body.config.rewards.rebate.rates).toEqual({ RNG: 150, FISH: 25 });
  expect(body.config.rewards.welcome.cap).toBe(500000);
}, 20_000);

test('a version conflict says so and offers a reload', async () => {
  mockApi({ 'GET /ops/v1/rewards/costs': () => costs, 'GET /ops/v1/brand': () => brand, 'PUT /ops/v1/brand': () => ({ status: 409, code: 'brand.version_conflict' }) });
  renderWith(<RewardsScreen canEditTerms />);
  const pct = await screen.findByLabelText('Match (%)');
  await userEvent.clear(pct);
  await userEvent.type(pct, '50');
  await userEvent.click(screen.getByRole('button', { name: 'Save terms' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save the reward terms?' });
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'halve the match');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save terms' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Someone else changed the brand settings'));
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
}, 20_000);
