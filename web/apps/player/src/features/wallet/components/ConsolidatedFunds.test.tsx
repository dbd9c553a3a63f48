import { screen, waitFor } from '@testing-library/react';
import { logout } from '@/lib/session';
import { loginDemo, renderPage, stubApi } from '@/test/wallet';
import { ConsolidatedFunds } from './ConsolidatedFunds';

const FUNDS = { main: 900_000, vendors: 100_050, withdrawalHolds: 50_000, total: 1_050_050, complete: true, currency: 'PHP', decimals: 2 };

afterEach(async () => {
  await logout();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

test('a real member of an AGENTPOLICY3 brand sees every part of their funds, kept in session storage', async () => {
  loginDemo(0);
  const api = stubApi({ 'GET /wps/member/info/funds/consolidated': () => FUNDS });
  renderPage(<ConsolidatedFunds enabled />);
  expect(await screen.findByTestId('consolidated-total')).toHaveTextContent('10,500.50 PHP');
  expect(screen.getByTestId('consolidated-main')).toHaveTextContent('9,000.00 PHP');
  expect(screen.getByTestId('consolidated-vendors')).toHaveTextContent('1,000.50 PHP');
  expect(screen.getByTestId('consolidated-holds')).toHaveTextContent('500.00 PHP');
  expect(JSON.parse(sessionStorage.getItem('consolidated') ?? '{}')).toEqual(FUNDS);
  expect(api.calls.filter((c) => c.path === '/wps/member/info/funds/consolidated')).toHaveLength(1);
});

test('trial users and brands without AGENTPOLICY3 never make the call', async () => {
  for (const [type, enabled] of [[4, true], [0, false]] as const) {
    loginDemo(type);
    const api = stubApi({ 'GET /wps/member/info/funds/consolidated': () => FUNDS });
    const { unmount } = renderPage(<ConsolidatedFunds enabled={enabled} />);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByTestId('consolidated-funds')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/wps/member/info/funds/consolidated')).toHaveLength(0);
    unmount();
    await logout();
  }
});

test('an incomplete answer says a game wallet is missing from the total', async () => {
  loginDemo(0);
  stubApi({ 'GET /wps/member/info/funds/consolidated': () => ({ ...FUNDS, complete: false }) });
  renderPage(<ConsolidatedFunds enabled />);
  await waitFor(() => expect(screen.getByText(/could not be reached/)).toBeInTheDocument());
});
