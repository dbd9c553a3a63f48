import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enRewards from '@palaro/i18n/locales/EN/rewards.json';
import { logout } from '@/lib/session';
import { loginDemo, renderRouted, stubApi } from '@/test/wallet';
import type { Grant } from './api/bonus';
import type { Reward } from './api/rewards';
import { BonusDetails } from './components/BonusDetails';
import { RewardCentre } from './components/RewardCentre';
import { useRewardCount } from './hooks/useRewardCount';
import { basisPointsPercent, remaining, wagerPercent, wagerRequirement } from './lib/terms';

vi.mock('@/lib/socket', () => ({ startSocket: vi.fn(), stopSocket: vi.fn(), socketOpen: () => false, subscribe: vi.fn(() => () => undefined) }));

function rewardsI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { common: enCommon, errors: enErrors, rewards: enRewards } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

// (The harness's location readout is an <output>, role status: the pages' notices are found by test id.)
const render = (ui: React.ReactElement) => renderRouted(ui, rewardsI18n());

afterEach(async () => {
  cleanup();
  await logout();
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 4, 0, 0); // 12:00 in Manila

const reward = (over: Partial<Reward> = {}): Reward => ({
  id: 1,
  source: 'WELCOME',
  title: 'Welcome bonus 100%',
  amount: 500_000,
  kind: 'BONUS',
  wagerMultiple: 20,
  maxBet: 25_000,
  validDays: 7,
  status: 'ISSUED',
  issuedAt: T0,
  expiresAt: T0 + 3 * DAY,
  claimedAt: null,
  ...over,
});
const cash = (over: Partial<Reward> = {}): Reward => reward({ id: 2, source: 'REBATE', title: 'Daily rebate', amount: 12_345, kind: 'CASH', wagerMultiple: undefined, maxBet: undefined, validDays: undefined, ...over });
const rewardPage = (list: Reward[], waiting = list.length) => ({ list, total: list.length, waiting, currency: 'PHP', decimals: 2 });

const grant = (over: Partial<Grant> = {}): Grant => ({
  id: 7,
  title: 'Welcome bonus 100%',
  amount: 500_000,
  balance: 431_250,
  wagerRequired: 10_000_000,
  wagered: 2_500_000,
  maxBet: 25_000,
  maxConvert: 1_000_000,
  weights: { SLOT: 10000, LIVE: 1000, ORIGINALS: 5000, FISH: 10000 },
  status: 'ACTIVE',
  reason: null,
  convertedAmount: 0,
  forfeitedAmount: 0,
  createdAt: T0,
  expiresAt: Date.now() + 2 * DAY + 3 * 3_600_000 + 5 * 60_000 + 30_000,
  endedAt: null,
  ...over,
});

describe('rules', () => {
  test('wagering percent is integer maths, floored and capped', () => {
    expect(wagerPercent(2_500_000, 10_000_000)).toBe(25);
    expect(wagerPercent(9_999_999, 10_000_000)).toBe(99);
    expect(wagerPercent(12, 10)).toBe(100);
    expect(wagerPercent(0, 0)).toBe(100);
  });
  test('weights in basis points read as percent', () => {
    expect(basisPointsPercent(10000)).toBe('100');
    expect(basisPointsPercent(1000)).toBe('10');
    expect(basisPointsPercent(1250)).toBe('12.5');
    expect(basisPointsPercent(5)).toBe('0.05');
  });
  test('requirement and time left', () => {
    expect(wagerRequirement(500_000, 20)).toBe(10_000_000);
    expect(remaining(1000, 2000)).toBeNull();
    expect(remaining(DAY + 2 * 3_600_000 + 3 * 60_000 + 59_000, 0)).toEqual({ days: 1, hours: 2, minutes: 3 });
  });
});

describe('reward centre', () => {
  test('lists waiting rewards with source, amount, kind and the bonus terms before claiming', async () => {
    stubApi({ 'GET /wps/rewards': () => rewardPage([reward(), cash()]) });
    await loginDemo();
    render(<RewardCentre />);
    const items = await screen.findAllByTestId('reward-item');
    expect(items).toHaveLength(2);
    const bonus = within(screen.getByRole('listitem', { name: 'Welcome bonus 100%' }));
    expect(bonus.getByText('Welcome offer')).toBeInTheDocument();
    expect(bonus.getByTestId('reward-amount')).toHaveTextContent('PHP 5,000.00');
    expect(bonus.getByText('Bonus')).toBeInTheDocument();
    const terms = within(bonus.getByLabelText('Bonus terms'));
    expect(terms.getByText('×20: bet PHP 100,000.00 in total')).toBeInTheDocument();
    expect(terms.getByText('PHP 250.00')).toBeInTheDocument();
    expect(terms.getByText('7 days after you claim it')).toBeInTheDocument();
    expect(bonus.getByText('Claim by 2026-11-23 12:00:00')).toBeInTheDocument();
    const rebate = within(screen.getByRole('listitem', { name: 'Daily rebate' }));
    expect(rebate.getByText('Rebate')).toBeInTheDocument();
    expect(rebate.getByText('Cash')).toBeInTheDocument();
    expect(rebate.getByText('Paid straight into your main balance, no wagering.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Waiting (2)' })).toHaveAttribute('aria-selected', 'true');
  });

  test('claiming sends a fresh Idempotency-Key per click, refreshes the list and the balance', async () => {
    let list = [reward(), cash()];
    const api = stubApi({
      'GET /wps/rewards': () => rewardPage(list),
      'POST /wps/rewards/2/claim': () => {
        const r = { ...list[1], status: 'CLAIMED' as const, claimedAt: Date.now() };
        list = [list[0]];
        return { reward: r, grant: null };
      },
    });
    await loginDemo();
    const moved = vi.fn();
    render(<RewardCentre onMoneyMoved={moved} />);
    const rebate = await screen.findByRole('listitem', { name: 'Daily rebate' });
    fireEvent.click(within(rebate).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByTestId('reward-notice')).toHaveTextContent('PHP 123.45 was added to your main balance.');
    await waitFor(() => expect(screen.getAllByTestId('reward-item')).toHaveLength(1));
    expect(moved).toHaveBeenCalledTimes(1);
    const [post] = api.to('POST', '/wps/rewards/2/claim');
    expect(post.headers['Idempotency-Key']).toBeTruthy();
    expect(api.to('GET', '/wps/rewards').length).toBeGreaterThanOrEqual(2);
    expect(api.to('GET', '/wps/rewards')[0].params.get('status')).toBe('waiting');
  });

  test('a bonus while another is active: the refusal says what to do and links to bonus details', async () => {
    stubApi({
      'GET /wps/rewards': () => rewardPage([reward()]),
      'POST /wps/rewards/1/claim': () => ({ status: 409, code: 'reward.bonus_active' }),
    });
    await loginDemo();
    render(<RewardCentre />);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You already have an active bonus. Finish its wagering or cancel it in Bonus details, then claim this one.');
    expect(within(alert).getByRole('link', { name: 'Go to Bonus details' })).toHaveAttribute('href', '/member/bonusDetails');
  });

  test('a lost answer: pressing Claim again reuses the key; a definite answer ends it', async () => {
    let fail = true;
    const api = stubApi({
      'GET /wps/rewards': () => rewardPage([cash()]),
      'POST /wps/rewards/2/claim': () => (fail ? { status: 502, code: 'server.internal' } : { reward: cash({ status: 'CLAIMED' }), grant: null }),
    });
    await loginDemo();
    render(<RewardCentre />);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await screen.findByTestId('reward-notice');
    const [a, b] = api.to('POST', '/wps/rewards/2/claim');
    expect(b.headers['Idempotency-Key']).toBe(a.headers['Idempotency-Key']);
  });

  test('claim all reports claimed and skipped rewards', async () => {
    const api = stubApi({
      'GET /wps/rewards': () => rewardPage([reward(), cash()]),
      'POST /wps/rewards/claimAll': () => ({ claimed: 3, skipped: 1 }),
    });
    await loginDemo();
    render(<RewardCentre />);
    await screen.findAllByTestId('reward-item'); // enabled once something waits
    fireEvent.click(screen.getByRole('button', { name: 'Claim all' }));
    const status = await screen.findByTestId('reward-notice');
    expect(status).toHaveTextContent('Rewards claimed: 3. Bonus rewards still waiting because a bonus is active: 1.');
    expect(within(status).getByRole('link', { name: 'Go to Bonus details' })).toBeInTheDocument();
    expect(api.to('POST', '/wps/rewards/claimAll')[0].headers['Idempotency-Key']).toBeTruthy();
  });

  test('history tab: claimed and expired, no claim buttons; empty waiting list; errors with retry', async () => {
    let fail = true;
    stubApi({
      'GET /wps/rewards': (c) =>
        fail
          ? { status: 500 }
          : c.params.get('status') === 'history'
            ? rewardPage([cash({ status: 'CLAIMED', claimedAt: T0 + DAY }), reward({ id: 3, status: 'EXPIRED' })], 0)
            : rewardPage([], 0),
    });
    await loginDemo();
    render(<RewardCentre />);
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See promotions' })).toHaveAttribute('href', '/promotions');
    expect(screen.getByRole('button', { name: 'Claim all' })).toBeDisabled();
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const items = await screen.findAllByTestId('reward-item');
    expect(items[0]).toHaveTextContent('Claimed 2026-11-21 12:00:00');
    expect(items[1]).toHaveTextContent('Expired');
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim all' })).toBeNull();
  });

  test('the red badge count: real members only (trial users make no call)', async () => {
    function Count() {
      return <output data-testid="count">{useRewardCount()}</output>;
    }
    const api = stubApi({ 'GET /wps/rewards/summary': () => ({ availablePromoCount: 2, availablePromo: [{ type: 'REFERRAL', enabled: true }] }) });
    await loginDemo();
    render(<Count />);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    cleanup();
    await logout();
    await loginDemo(4);
    render(<Count />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('count')).toHaveTextContent('0');
    expect(api.to('GET', '/wps/rewards/summary')).toHaveLength(1);
  });
});

describe('bonus details', () => {
  test('the active bonus: amounts, progress, terms, contribution per category, time left', async () => {
    stubApi({ 'GET /wps/bonus': () => ({ active: grant(), history: [], balance: 431_250, currency: 'PHP', decimals: 2 }) });
    await loginDemo();
    render(<BonusDetails />);
    const active = await screen.findByRole('region', { name: 'Welcome bonus 100%' });
    expect(within(active).getByText('PHP 5,000.00')).toBeInTheDocument();
    expect(within(active).getByTestId('bonus-balance')).toHaveTextContent('PHP 4,312.50');
    const bar = within(active).getByRole('progressbar', { name: 'Wagering progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(active).getByTestId('bonus-progress')).toHaveTextContent('PHP 25,000.00 of PHP 100,000.00 wagered (25%) · PHP 75,000.00 left to wager');
    expect(within(active).getByText('PHP 250.00')).toBeInTheDocument();
    expect(within(active).getByText('PHP 10,000.00')).toBeInTheDocument();
    expect(within(active).getByTestId('bonus-remaining')).toHaveTextContent('2 d 3 h 5 min left');
    const rows = within(within(active).getByRole('table', { name: 'How your bets count' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Game categoryCounts', 'Fishing100%', 'Slots100%', 'Palaro Originals50%', 'Live casino10%']);
  });

  test('cancel: the dialog says what is lost and what stays; confirming forfeits with a key and refreshes', async () => {
    let active: Grant | null = grant();
    const api = stubApi({
      'GET /wps/bonus': () => ({ active, history: active ? [] : [grant({ status: 'FORFEITED', reason: 'CANCELLED', balance: 0, forfeitedAmount: 431_250, endedAt: T0 + DAY })], balance: active ? 431_250 : 0, currency: 'PHP', decimals: 2 }),
      'POST /wps/bonus/cancel': () => {
        const g = grant({ status: 'FORFEITED', reason: 'CANCELLED' });
        active = null;
        return { grant: g };
      },
    });
    await loginDemo();
    const moved = vi.fn();
    render(<BonusDetails onMoneyMoved={moved} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this bonus?' });
    expect(dialog).toHaveTextContent('You lose the bonus balance of PHP 4,312.50: the bonus and everything it won.');
    expect(dialog).toHaveTextContent('Your real money stays in your main balance, untouched.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.to('POST', '/wps/bonus/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel bonus' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel the bonus' }));
    expect(await screen.findByTestId('bonus-cancelled')).toHaveTextContent('The bonus was cancelled. Your real money was not touched.');
    expect(api.to('POST', '/wps/bonus/cancel')[0].headers['Idempotency-Key']).toBeTruthy();
    expect(moved).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('No active bonus')).toBeInTheDocument();
    const row = within(screen.getByTestId('bonus-history-row'));
    expect(row.getByText('Cancelled by you')).toBeInTheDocument();
    expect(row.getByText('PHP 4,312.50')).toBeInTheDocument();
  });

  test('no active bonus: links to the reward centre and promotions; history worded', async () => {
    stubApi({
      'GET /wps/bonus': () => ({
        active: null,
        history: [
          grant({ id: 5, title: 'Reload 50%', status: 'CONVERTED', balance: 0, convertedAmount: 1_000_000, forfeitedAmount: 250_000, endedAt: T0 }),
          grant({ id: 4, title: 'Weekend bonus', status: 'FORFEITED', reason: 'WITHDRAWAL', balance: 0, forfeitedAmount: 80_000, endedAt: T0 - DAY }),
          grant({ id: 3, title: 'Old bonus', status: 'EXPIRED', balance: 0, forfeitedAmount: 1_000, endedAt: T0 - 2 * DAY }),
        ],
        balance: 0,
        currency: 'PHP',
        decimals: 2,
      }),
    });
    await loginDemo();
    render(<BonusDetails />);
    expect(await screen.findByText('No active bonus')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reward centre' })).toHaveAttribute('href', '/member/rewardCenter');
    expect(screen.getByRole('link', { name: 'See promotions' })).toHaveAttribute('href', '/promotions');
    const rows = screen.getAllByTestId('bonus-history-row');
    expect(rows[0]).toHaveTextContent('Converted to real money');
    expect(rows[0]).toHaveTextContent('PHP 10,000.00');
    expect(rows[0]).toHaveTextContent('PHP 2,500.00');
    expect(rows[1]).toHaveTextContent('Cancelled by a withdrawal');
    expect(rows[2]).toHaveTextContent('Expired');
  });

  test('an error shows as a sentence with retry', async () => {
    stubApi({ 'GET /wps/bonus': () => ({ status: 403, code: 'reward.real_only' }) });
    await loginDemo();
    render(<BonusDetails />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Rewards are for real accounts. Register to collect them.');
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
