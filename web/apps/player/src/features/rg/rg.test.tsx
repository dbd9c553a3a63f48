import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enRg from '@palaro/i18n/locales/EN/rg.json';
import { getSession, logout } from '@/lib/session';
import { loginDemo, renderRouted, stubApi } from '@/test/wallet';
import type { Limit, RgSettings } from './api/rg';
import { bindingDepositLimit, DepositLimitNotice } from './components/DepositLimitNotice';
import { breakEnd, BreakSection } from './components/Breaks';
import { ResponsibleGaming } from './components/ResponsibleGaming';
import RgShell from './components/RgShell';
import { formatCountdown, isLoosening, nextRealityCheck, parseLimitAmount } from './lib/rules';
import { moneyLimitSchema, sessionLimitSchema } from './lib/schemas';

vi.mock('@/lib/socket', () => ({ startSocket: vi.fn(), stopSocket: vi.fn(), socketOpen: () => false, subscribe: vi.fn(() => () => undefined) }));

function rgI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { common: enCommon, errors: enErrors, rg: enRg } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

const HOUR = 3_600_000;

function limits(over: Partial<Record<string, Partial<Limit>>> = {}): Limit[] {
  const out: Limit[] = [];
  for (const type of ['DEPOSIT', 'LOSS', 'WAGER'] as const) {
    for (const period of ['DAY', 'WEEK', 'MONTH'] as const) {
      out.push({ type, period, amount: null, operatorAmount: null, effective: null, used: 0, resetsAt: Date.now() + HOUR, pending: null, ...over[`${type}/${period}`] });
    }
  }
  out.push({ type: 'SESSION', period: 'SESSION', amount: null, operatorAmount: null, effective: null, used: 0, resetsAt: null, pending: null, ...over['SESSION/SESSION'] });
  return out;
}

function settings(over: Partial<RgSettings> = {}, limitOver: Parameters<typeof limits>[0] = {}): RgSettings {
  return {
    currency: 'PHP',
    maxAmount: 100_000_000,
    limits: limits(limitOver),
    realityCheck: { minutes: null },
    session: { startedAt: Date.now(), endsAt: null, netResult: 0 },
    block: null,
    restricted: false,
    ...over,
  };
}

afterEach(async () => {
  cleanup();
  await logout();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the rules', () => {
  test('amounts: decimal text to integer minor units, never floats', () => {
    expect(parseLimitAmount('500', 2)).toEqual({ minor: 50000n });
    expect(parseLimitAmount(' 1,234.5 ', 2)).toEqual({ minor: 123450n });
    expect(parseLimitAmount('0.07', 2)).toEqual({ minor: 7n });
    expect(parseLimitAmount('10.50', 2)).toEqual({ minor: 1050n });
    expect(parseLimitAmount('10.500', 2)).toEqual({ minor: 1050n });
    expect(parseLimitAmount('10.505', 2)).toEqual({ issue: 'decimals' });
    expect(parseLimitAmount('0', 2)).toEqual({ issue: 'positive' });
    expect(parseLimitAmount('0.00', 2)).toEqual({ issue: 'positive' });
    expect(parseLimitAmount('-5', 2)).toEqual({ issue: 'positive' });
    expect(parseLimitAmount('', 2)).toEqual({ issue: 'required' });
    expect(parseLimitAmount('1e3', 2)).toEqual({ issue: 'invalid' });
    expect(parseLimitAmount('5.', 2)).toEqual({ issue: 'invalid' });
    expect(parseLimitAmount('12', 0)).toEqual({ minor: 12n });
    expect(parseLimitAmount('12.5', 0)).toEqual({ issue: 'decimals' });
  });

  test('the money schema: the brand maximum and an operator limit bound it', () => {
    const schema = moneyLimitSchema({ decimals: 2, max: 100_000, operatorMax: 50_000 });
    expect(schema.safeParse({ amount: '499.99' })).toMatchObject({ success: true, data: { amount: 49_999 } });
    expect(schema.safeParse({ amount: '500' })).toMatchObject({ success: true, data: { amount: 50_000 } });
    expect(schema.safeParse({ amount: '500.01' }).error?.issues[0].message).toBe('aboveOperator');
    expect(moneyLimitSchema({ decimals: 2, max: 100_000 }).safeParse({ amount: '1000.01' }).error?.issues[0].message).toBe('aboveMax');
    expect(schema.safeParse({ amount: 'abc' }).error?.issues[0].message).toBe('invalid');
  });

  test('the session schema: whole minutes from 5 to 1440', () => {
    const schema = sessionLimitSchema();
    expect(schema.safeParse({ amount: '5' })).toMatchObject({ success: true, data: { amount: 5 } });
    expect(schema.safeParse({ amount: '1440' })).toMatchObject({ success: true, data: { amount: 1440 } });
    expect(schema.safeParse({ amount: '4' }).error?.issues[0].message).toBe('minutesRange');
    expect(schema.safeParse({ amount: '1441' }).error?.issues[0].message).toBe('minutesRange');
    expect(schema.safeParse({ amount: '30.5' }).error?.issues[0].message).toBe('whole');
    expect(sessionLimitSchema({ operatorMax: 60 }).safeParse({ amount: '90' }).error?.issues[0].message).toBe('aboveOperator');
  });

  test('raising or removing loosens; lowering or adding does not', () => {
    expect(isLoosening(100, 200)).toBe(true);
    expect(isLoosening(100, null)).toBe(true);
    expect(isLoosening(100, 50)).toBe(false);
    expect(isLoosening(null, 50)).toBe(false);
  });

  test('reality checks fall every N minutes from the session start', () => {
    const start = 1_000_000;
    expect(nextRealityCheck(start, null, start)).toBeNull();
    expect(nextRealityCheck(start, 15, start)).toBe(start + 15 * 60_000);
    expect(nextRealityCheck(start, 15, start + 20 * 60_000)).toBe(start + 30 * 60_000);
    // Exactly on a boundary already seen: the next one.
    expect(nextRealityCheck(start, 15, start + 15 * 60_000, start + 15 * 60_000)).toBe(start + 30 * 60_000);
    // One that fell due after the last one seen is not skipped: due at once.
    expect(nextRealityCheck(start, 15, start + 31 * 60_000, start + 15 * 60_000)).toBe(start + 30 * 60_000);
    // After a long sleep, one check, not one per step missed.
    expect(nextRealityCheck(start, 15, start + 100 * 60_000, start + 15 * 60_000)).toBe(start + 90 * 60_000);
  });

  test('countdowns and break ends', () => {
    expect(formatCountdown(HOUR * 23 + 59 * 60_000 + 59_000)).toBe('23:59:59');
    expect(formatCountdown(HOUR * 25)).toBe('1d 01:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(breakEnd('24H', 0)).toBe(24 * HOUR);
    expect(breakEnd('6W', 0)).toBe(42 * 24 * HOUR);
    expect(new Date(breakEnd('1Y', Date.UTC(2026, 0, 15))).getUTCFullYear()).toBe(2027);
  });

  test('the binding deposit limit is the one with the least left', () => {
    const l = limits({ 'DEPOSIT/DAY': { effective: 100_000, used: 10_000 }, 'DEPOSIT/WEEK': { effective: 200_000, used: 150_000 } });
    expect(bindingDepositLimit(l)?.period).toBe('WEEK');
    expect(bindingDepositLimit(limits())).toBeUndefined();
  });
});

describe('the responsible gaming page', () => {
  test('shows limits with used and left, the operator limit, and sets one in minor units', async () => {
    await loginDemo();
    let current = settings({}, { 'LOSS/WEEK': { amount: null, operatorAmount: 300_000, effective: 300_000, used: 120_000 } });
    const api = stubApi({
      'GET /wps/rg/settings': () => current,
      'GET /wps/rg/history': () => ({ list: [], total: 0 }),
      'PUT /wps/rg/limits': (c) => {
        const b = c.body as { type: string; period: string; amount: number };
        current = settings({}, { [`${b.type}/${b.period}`]: { amount: b.amount, effective: b.amount } });
        return current;
      },
    });
    renderRouted(<ResponsibleGaming />, rgI18n());
    const loss = await screen.findByTestId('rg-limit-LOSS-WEEK');
    expect(within(loss).getByTestId('rg-limit-value')).toHaveTextContent('₱3,000.00');
    expect(within(loss).getByTestId('rg-limit-used')).toHaveTextContent('Used ₱1,200.00 of ₱3,000.00');
    expect(within(loss).getByTestId('rg-limit-remaining')).toHaveTextContent('₱1,800.00 left');
    expect(within(loss).getByTestId('rg-limit-operator')).toHaveTextContent('Set by the operator: ₱3,000.00');
    expect(within(loss).getByRole('meter', { name: 'Loss limit · Weekly' })).toHaveAttribute('aria-valuenow', '120000');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set: Deposit limit · Daily' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit limit · Daily' });
    const field = within(dialog).getByLabelText('Amount (PHP)');
    await user.type(field, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Use at most 2 decimal places.');
    expect(api.to('PUT', '/wps/rg/limits')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '5000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT', '/wps/rg/limits')).toHaveLength(1));
    expect(api.to('PUT', '/wps/rg/limits')[0].body).toEqual({ type: 'DEPOSIT', period: 'DAY', amount: 500_050 });
    expect(await screen.findByTestId('rg-note')).toHaveTextContent('Saved. Your new limit applies now.');
    expect(within(screen.getByTestId('rg-limit-DEPOSIT-DAY')).getByTestId('rg-limit-value')).toHaveTextContent('₱5,000.50');
  });

  test('an amount above the operator limit is refused before sending', async () => {
    await loginDemo();
    const api = stubApi({
      'GET /wps/rg/settings': () => settings({}, { 'WAGER/DAY': { operatorAmount: 100_000, effective: 100_000 } }),
      'GET /wps/rg/history': () => ({ list: [], total: 0 }),
    });
    renderRouted(<ResponsibleGaming />, rgI18n());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change: Wager limit · Daily' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount (PHP)'), '1000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("The operator's limit is ₱1,000.00: set that or lower.");
    expect(api.to('PUT', '/wps/rg/limits')).toHaveLength(0);
  });

  test('a pending raise shows its countdown, then a confirm button once confirmable; a server refusal is translated', async () => {
    await loginDemo();
    const effectiveAt = Date.now() + 2 * HOUR + 5 * 60_000;
    let pending = { amount: 900_000, requestedAt: Date.now(), effectiveAt, confirmable: false };
    const api = stubApi({
      'GET /wps/rg/settings': () => settings({}, { 'DEPOSIT/WEEK': { amount: 500_000, effective: 500_000, pending } }),
      'GET /wps/rg/history': () => ({ list: [], total: 0 }),
      'POST /wps/rg/limits/confirm': () => ({ status: 409, code: 'rg.cooling_off' }),
    });
    const { queryClient } = renderRouted(<ResponsibleGaming />, rgI18n());
    const row = await screen.findByTestId('rg-limit-DEPOSIT-WEEK');
    expect(within(row).getByTestId('rg-pending')).toHaveTextContent('Change to ₱9,000.00 is waiting');
    expect(within(row).getByTestId('rg-countdown').textContent).toMatch(/^02:0[45]:\d\d$/);
    expect(within(row).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Cancel change' })).toBeEnabled();

    pending = { ...pending, effectiveAt: Date.now() - 1000, confirmable: true };
    await act(() => queryClient.invalidateQueries());
    const confirm = await within(row).findByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    expect(await within(row).findByRole('alert')).toHaveTextContent('The 24-hour wait is not over yet.');
    expect(api.to('POST', '/wps/rg/limits/confirm')[0].body).toEqual({ type: 'DEPOSIT', period: 'WEEK' });
  });

  test('a time-out asks for confirmation, then ends the session and says until when', async () => {
    await loginDemo();
    const api = stubApi({
      'POST /wps/rg/timeout': () => ({}),
      'DELETE /wps/session/logout': () => ({}),
    });
    renderRouted(<BreakSection />, rgI18n());
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('7 days'));
    await user.click(screen.getByRole('button', { name: 'Take a time-out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take a 7 days time-out?' });
    expect(dialog).toHaveTextContent('You will be logged out at once, on every device.');
    const go = within(dialog).getByRole('button', { name: 'Take a time-out' });
    expect(go).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I have read this and understand it.'));
    await user.click(go);
    await waitFor(() => expect(getSession().loggedIn).toBe(false));
    expect(api.to('POST', '/wps/rg/timeout')[0].body).toEqual({ period: '7D' });
    expect(getSession().ended?.code).toBe('rg.timeout');
    expect(getSession().ended?.until).toBeGreaterThan(Date.now() + 6 * 24 * HOUR);
  });

  test('self-exclusion says it cannot be revoked', async () => {
    await loginDemo();
    stubApi({});
    renderRouted(<BreakSection />, rgI18n());
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('1 year'));
    await user.click(screen.getByRole('button', { name: 'Exclude myself' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Exclude yourself for 1 year?' });
    expect(dialog).toHaveTextContent('Self-exclusion cannot be cancelled');
    expect(dialog).toHaveTextContent('you can still log in to withdraw it');
  });
});

describe('the session-wide shell', () => {
  test('the reality check comes every N minutes from the session start, with time played and net result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await loginDemo();
    const start = Date.now();
    stubApi({ 'GET /wps/rg/settings': () => settings({ realityCheck: { minutes: 15 }, session: { startedAt: start, endsAt: null, netResult: -12_345 } }) });
    renderRouted(<RgShell />, rgI18n());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14 * 60_000);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(within(dialog).getByTestId('rg-reality-played')).toHaveTextContent('0:15');
    expect(within(dialog).getByTestId('rg-reality-net')).toHaveTextContent('-₱123.45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue playing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
    });
    expect(await screen.findByRole('alertdialog', { name: 'Reality check' })).toBeInTheDocument();
  });

  test('the session time limit logs the player out at its end and says why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await loginDemo();
    const startedAt = Date.now();
    const api = stubApi({
      'GET /wps/rg/settings': () => settings({ session: { startedAt, endsAt: startedAt + 30 * 60_000, netResult: 0 } }),
      'DELETE /wps/session/logout': () => ({}),
    });
    renderRouted(<RgShell />, rgI18n(), { path: '/member/responsibleGaming' });
    await waitFor(() => expect(api.to('GET', '/wps/rg/settings')).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29 * 60_000);
    });
    expect(getSession().loggedIn).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    await waitFor(() => expect(getSession().loggedIn).toBe(false));
    expect(api.to('DELETE', '/wps/session/logout')).toHaveLength(1);
    const dialog = await screen.findByRole('alertdialog', { name: 'You have been logged out' });
    expect(dialog).toHaveTextContent('Your session time limit has been reached.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('a withdrawal-only session is kept on the withdraw page with a banner', async () => {
    await loginDemo();
    stubApi({ 'GET /wps/rg/settings': () => settings({ restricted: true, block: { kind: 'EXCLUSION', until: Date.UTC(2027, 4, 1), revocableFrom: null } }) });
    renderRouted(<RgShell />, rgI18n(), { path: '/member/depositv2' });
    const banner = await screen.findByTestId('rg-restricted-banner');
    expect(banner).toHaveTextContent('Withdrawal only');
    expect(banner).toHaveTextContent('You are self-excluded until 2027-05-01');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/member/withdraw'));
    expect(within(banner).getByRole('button', { name: 'Log out' })).toBeEnabled();
  });
});

describe('the deposit page notice', () => {
  test('says how much can still be deposited under the binding limit', async () => {
    await loginDemo();
    stubApi({ 'GET /wps/rg/settings': () => settings({}, { 'DEPOSIT/DAY': { amount: 100_000, effective: 100_000, used: 80_000, resetsAt: Date.UTC(2026, 10, 27, 16) } }) });
    renderRouted(<DepositLimitNotice />, rgI18n());
    const note = await screen.findByRole('alert');
    await waitFor(() => expect(note).toHaveTextContent('over your Daily deposit limit of ₱1,000.00. You can deposit ₱200.00 more until 2026-11-28 00:00:00.'));
    expect(within(note).getByRole('link', { name: 'See your limits' })).toHaveAttribute('href', '/member/responsibleGaming');
  });
});
