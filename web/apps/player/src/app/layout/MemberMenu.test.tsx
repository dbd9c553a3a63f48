import { fireEvent, screen, waitFor } from '@testing-library/react';
import { establishSession, logout } from '@/lib/session';
import type { LoginResult } from '@/lib/session';
import { mockActions, renderWithProviders } from '@/test/harness';
import { MemberMenu } from './MemberMenu';

vi.mock('@/lib/socket', () => ({ startSocket: vi.fn(), stopSocket: vi.fn(), socketOpen: () => false, subscribe: vi.fn(() => () => {}) }));

const login = (type: number): LoginResult => ({
  token: `tok-${type}`,
  firstTimeLogin: false,
  passwordExpired: false,
  defaultPassword: false,
  previousLoginTime: Date.UTC(2026, 10, 20, 8, 30),
  expiresAt: Date.now() + 3600_000,
  userInfo: {
    id: 3,
    account: type === 1 ? 'agent01' : type === 4 ? 'trial_abc' : 'demo01',
    username: '',
    nickname: 'Nick',
    type,
    isAgent: type === 1,
    isTrial: type === 4,
    email: '',
    mobileNum: '',
    countryDialingCode: '',
    payeeName: '',
    createdTime: 1,
    lastLoginTime: 2,
  },
});

function stubServer(iconFails = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://t.local').pathname;
      if (path === '/wps/member/info/icon')
        return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: { icon: iconFails ? 'http://bad.invalid/x.png' : 'data:image/svg+xml;base64,PHN2Zy8+', custom: false } }));
      if (path === '/wps/v2/wallets/balance')
        return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: { balance: 1000000, currency: 'PHP', currencySymbol: '₱', decimals: 2, freePlay: false } }));
      if (path === '/wps/rewards/summary') return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: { availablePromoCount: 3, availablePromo: [] } }));
      if (path === '/wps/member/info') return new Response(JSON.stringify({ success: false, code: 'server.internal', message: '', value: null }), { status: 500 });
      return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: null }));
    }),
  );
}

afterEach(async () => {
  await logout();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

test('agents get the agent centre entry; every member gets my account, help and sign out', async () => {
  stubServer();
  await establishSession(login(1));
  const actions = mockActions();
  Object.assign(actions, { confirmLogout: vi.fn(), requireRealAccount: vi.fn(() => true) });
  renderWithProviders(<MemberMenu />, { actions });
  expect(screen.getByTestId('header-account')).toHaveTextContent('agent01');
  await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱10,000.00'));
  fireEvent.click(screen.getByTestId('member-menu-button'));
  expect(screen.getByTestId('menu-agent-centre')).toBeInTheDocument();
  expect(screen.getByTestId('member-last-login').textContent).not.toBe('');
  fireEvent.click(screen.getByTestId('menu-sign-out'));
  expect(actions.confirmLogout).toHaveBeenCalled();
  expect(screen.queryByTestId('member-menu')).toBeNull();
});

test('plain members have no agent entry; my account checks for a real account first', async () => {
  stubServer();
  await establishSession(login(4));
  const actions = mockActions();
  Object.assign(actions, { requireRealAccount: vi.fn(() => false), openHelp: vi.fn() });
  renderWithProviders(<MemberMenu />, { actions });
  fireEvent.click(screen.getByTestId('member-menu-button'));
  expect(screen.queryByTestId('menu-agent-centre')).toBeNull();
  fireEvent.click(screen.getByTestId('menu-my-account'));
  expect(actions.requireRealAccount).toHaveBeenCalled();
  fireEvent.click(screen.getByTestId('member-menu-button'));
  fireEvent.click(screen.getByTestId('menu-help'));
  expect(actions.openHelp).toHaveBeenCalled();
});

test('a broken avatar image falls back to the error avatar', async () => {
  stubServer(true);
  await establishSession(login(0));
  renderWithProviders(<MemberMenu />);
  const img = await screen.findByTestId('header-avatar');
  fireEvent.error(img);
  await waitFor(() => expect(screen.getByTestId('header-avatar-error')).toBeInTheDocument());
});

test('the balance is hidden on game pages; phones show it in the header and the menu', async () => {
  stubServer();
  await establishSession(login(0));
  const game = renderWithProviders(<MemberMenu />, { path: '/seaLottery?gameCode=X' });
  expect(screen.getByTestId('member-menu-button')).toBeInTheDocument();
  expect(screen.queryByTestId('header-balance')).toBeNull();
  game.unmount();
  renderWithProviders(<MemberMenu compact />, { path: '/' });
  await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱10,000.00'));
  fireEvent.click(screen.getByTestId('member-menu-button'));
  expect(screen.getByTestId('menu-balance')).toHaveTextContent('₱10,000.00');
});

test('logging in loads the favourites and recent games (spec section 4)', async () => {
  stubServer();
  await establishSession(login(0));
  renderWithProviders(<MemberMenu />, { actions: mockActions() });
  const fetched = () => (fetch as unknown as { mock: { calls: [RequestInfo | URL][] } }).mock.calls.map(([u]) => new URL(String(u), 'http://t.local').pathname);
  await waitFor(() => expect(fetched()).toEqual(expect.arrayContaining(['/wps/relay/favoriteIds', '/wps/relay/favoriteList', '/wps/relay/recentGames'])));
});

test('real members get the reward centre entry with the count of rewards waiting; trial users neither see it nor ask', async () => {
  stubServer();
  await establishSession(login(0));
  const view = renderWithProviders(<MemberMenu />, { path: '/' });
  fireEvent.click(screen.getByTestId('member-menu-button'));
  await waitFor(() => expect(screen.getByTestId('menu-rewards-count')).toHaveTextContent('3'));
  view.unmount();
  await logout();
  vi.mocked(fetch).mockClear();
  await establishSession(login(4));
  renderWithProviders(<MemberMenu />, { path: '/' });
  fireEvent.click(screen.getByTestId('member-menu-button'));
  expect(screen.queryByTestId('menu-rewards')).toBeNull();
  await new Promise((r) => setTimeout(r, 30));
  const paths = vi.mocked(fetch).mock.calls.map(([u]) => new URL(String(u), 'http://t.local').pathname);
  expect(paths).not.toContain('/wps/rewards/summary');
});
