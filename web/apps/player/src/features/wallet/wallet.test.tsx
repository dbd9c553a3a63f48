import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { establishSession, logout, type LoginResult } from '@/lib/session';
import { mockApi, renderWithProviders } from '@/test/harness';
import { BalanceDisplay } from './components/BalanceDisplay';
import { formatBalance, HIDDEN_AMOUNT } from './api/format';
import { createThrottle } from './hooks/throttle';
import { BALANCE_HIDDEN_KEY } from './hooks/hidden';
import { isGamePagePath } from './gamePages';

// The socket module is mocked: tests push events through the handlers the hook subscribed.
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(ev: { type: string; data: unknown; at: number }) => void>>();
  return {
    handlers,
    emit(type: string, data: unknown, at = Date.now()) {
      for (const h of handlers.get(type) ?? []) h({ type, data, at });
    },
  };
});
vi.mock('@/lib/socket', () => ({
  startSocket: vi.fn(),
  stopSocket: vi.fn(),
  socketOpen: () => false,
  subscribe: vi.fn((type: string, h: never) => {
    let set = socket.handlers.get(type);
    if (!set) socket.handlers.set(type, (set = new Set()));
    set.add(h);
    return () => set.delete(h);
  }),
}));

const PHP = { balance: 1_000_000, currency: 'PHP', currencySymbol: '₱', decimals: 2, freePlay: false };
const FUN = { balance: 200_000, currency: 'FUN', currencySymbol: '', decimals: 2, freePlay: true };

function login(type = 0): LoginResult {
  return {
    token: `tok-${type}`,
    firstTimeLogin: false,
    passwordExpired: false,
    defaultPassword: false,
    previousLoginTime: null,
    expiresAt: Date.now() + 3600_000,
    userInfo: { id: 3, account: 'demo01', username: '', nickname: '', type, isAgent: false, isTrial: type === 4, email: '', mobileNum: '', countryDialingCode: '', payeeName: '', createdTime: 1, lastLoginTime: 2 },
  } as LoginResult;
}

afterEach(async () => {
  await logout();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  socket.handlers.clear();
});

const amount = () => screen.getByTestId('balance-amount');

describe('formatting', () => {
  test('two decimals, thousands separators and the currency symbol; FUN after the amount', () => {
    expect(formatBalance(PHP)).toBe('₱10,000.00');
    expect(formatBalance({ ...PHP, balance: 123_456_789_05 })).toBe('₱123,456,789.05');
    expect(formatBalance({ ...PHP, balance: 7 })).toBe('₱0.07');
    expect(formatBalance({ ...PHP, balance: -150 })).toBe('₱-1.50');
    expect(formatBalance(FUN)).toBe('2,000.00 FUN');
    expect(formatBalance({ ...FUN, currencySymbol: 'FUN' })).toBe('2,000.00 FUN');
  });

  test('game pages are the lottery and seamless paths, in any case', () => {
    for (const p of ['/lottery', '/seaLottery', '/vnLottery', '/seamless', '/x/SEAMLESS/y']) expect(isGamePagePath(p)).toBe(true);
    for (const p of ['/', '/lott', '/elott', '/member', '/promotions']) expect(isGamePagePath(p)).toBe(false);
  });

  test('the throttle lets one call through per second', () => {
    let now = 10_000;
    const throttle = createThrottle(1000, () => now);
    const fn = vi.fn();
    expect(throttle(fn)).toBe(true);
    now += 400;
    expect(throttle(fn)).toBe(false);
    now += 599;
    expect(throttle(fn)).toBe(false);
    now += 1;
    expect(throttle(fn)).toBe(true);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('BalanceDisplay', () => {
  test('shows the amount after a skeleton; hiding shows asterisks and is remembered', async () => {
    mockApi({ '/wps/v2/wallets/balance': () => PHP });
    await establishSession(login());
    const first = renderWithProviders(<BalanceDisplay />);
    expect(screen.getByTestId('balance-skeleton')).toBeInTheDocument();
    await waitFor(() => expect(amount()).toHaveTextContent('₱10,000.00'));
    expect(screen.queryByTestId('balance-free-play')).toBeNull();

    const toggle = screen.getByTestId('balance-toggle');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAccessibleName('member.hideBalance');
    fireEvent.click(toggle);
    expect(amount()).toHaveTextContent(HIDDEN_AMOUNT);
    expect(amount()).not.toHaveTextContent('10,000');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('member.showBalance');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');

    // A new page (a reload) starts hidden.
    first.unmount();
    renderWithProviders(<BalanceDisplay />);
    await waitFor(() => expect(amount()).toHaveTextContent(HIDDEN_AMOUNT));
    fireEvent.click(screen.getByTestId('balance-toggle'));
    expect(amount()).toHaveTextContent('₱10,000.00');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('0');
  });

  test('trial users see free-play money with a tag (the compact pill names the currency instead)', async () => {
    mockApi({ '/wps/v2/wallets/balance': () => FUN });
    await establishSession(login(4));
    renderWithProviders(<BalanceDisplay />);
    await waitFor(() => expect(amount()).toHaveTextContent(/^2,000\.00$/));
    expect(screen.getByTestId('balance-free-play')).toHaveTextContent('member.freePlay');
    expect(amount()).toHaveAttribute('title', 'member.freePlayHint');
    cleanup();
    renderWithProviders(<BalanceDisplay variant="compact" />);
    await waitFor(() => expect(amount()).toHaveTextContent('2,000.00 FUN'));
    expect(screen.queryByTestId('balance-free-play')).toBeNull();
  });

  test('refresh refetches at most once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let balance = 1_000_000;
    const api = mockApi({ '/wps/v2/wallets/balance': () => ({ ...PHP, balance }) });
    await establishSession(login());
    renderWithProviders(<BalanceDisplay />);
    await waitFor(() => expect(amount()).toHaveTextContent('₱10,000.00'));
    const fetches = () => api.callsTo('/wps/v2/wallets/balance').length;
    expect(fetches()).toBe(1);

    balance = 1_234_500;
    fireEvent.click(screen.getByTestId('balance-refresh'));
    fireEvent.click(screen.getByTestId('balance-refresh'));
    fireEvent.click(screen.getByTestId('balance-refresh'));
    await waitFor(() => expect(amount()).toHaveTextContent('₱12,345.00'));
    expect(fetches()).toBe(2);

    vi.setSystemTime(Date.now() + 1000);
    balance = 99;
    fireEvent.click(screen.getByTestId('balance-refresh'));
    await waitFor(() => expect(amount()).toHaveTextContent('₱0.99'));
    expect(fetches()).toBe(3);
  });

  test('an error shows — with a retry that loads the balance', async () => {
    let fail = true;
    mockApi({
      '/wps/v2/wallets/balance': () => {
        if (fail) throw new Error('down');
        return PHP;
      },
    });
    await establishSession(login());
    renderWithProviders(<BalanceDisplay />);
    await waitFor(() => expect(amount()).toHaveTextContent('—'));
    expect(amount()).toHaveTextContent('member.balanceError');
    fail = false;
    fireEvent.click(screen.getByTestId('balance-retry'));
    await waitFor(() => expect(amount()).toHaveTextContent('₱10,000.00'));
    expect(screen.queryByTestId('balance-retry')).toBeNull();
  });

  test('a socket balance event updates the amount without a request', async () => {
    const api = mockApi({ '/wps/v2/wallets/balance': () => PHP });
    await establishSession(login());
    renderWithProviders(<BalanceDisplay />);
    await waitFor(() => expect(amount()).toHaveTextContent('₱10,000.00'));
    await waitFor(() => expect(socket.handlers.get('balance')?.size).toBe(1));
    act(() => socket.emit('balance', { balance: 987_654_321, currency: 'PHP' }));
    await waitFor(() => expect(amount()).toHaveTextContent('₱9,876,543.21'));
    expect(api.callsTo('/wps/v2/wallets/balance')).toHaveLength(1);

    // An event in another currency asks the server instead of mixing currencies.
    act(() => socket.emit('balance', { balance: 5, currency: 'USD' }));
    await waitFor(() => expect(api.callsTo('/wps/v2/wallets/balance')).toHaveLength(2));
    await waitFor(() => expect(amount()).toHaveTextContent('₱10,000.00'));

    // The socket's first connection needs no refetch; a reconnect does (events may have been missed).
    act(() => socket.emit('open', null));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('/wps/v2/wallets/balance')).toHaveLength(2);
    act(() => socket.emit('open', null));
    await waitFor(() => expect(api.callsTo('/wps/v2/wallets/balance')).toHaveLength(3));
  });

  test('unmounting unsubscribes from the socket', async () => {
    mockApi({ '/wps/v2/wallets/balance': () => PHP });
    await establishSession(login());
    const view = renderWithProviders(<BalanceDisplay />);
    await waitFor(() => expect(socket.handlers.get('balance')?.size).toBe(1));
    view.unmount();
    expect(socket.handlers.get('balance')?.size).toBe(0);
  });
});
