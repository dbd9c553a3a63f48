import { screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { renderWithProviders, mockActions } from '@/test/harness';
import LotteryPage from './lottery';

function network(answer: (p: URLSearchParams) => { status: number; body: unknown }) {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://test.local');
      if (url.pathname !== '/wps/game/launchGame') return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: { list: [] } }), { status: 200 });
      calls.push(url.searchParams);
      const a = answer(url.searchParams);
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

test('/vnLottery embeds the Vietnamese lottery launched for its game code', async () => {
  const calls = network(() => ({ status: 200, body: { success: true, code: 'ok', message: '', value: { url: '/sandbox/games/play?t=vn', mode: 'IFRAME' } } }));
  renderWithProviders(<LotteryPage />, { path: '/vnLottery?gameCode=VN1' });
  expect(await screen.findByTestId('lottery-frame')).toHaveAttribute('src', '/sandbox/games/play?t=vn');
  expect(calls[0].get('vendor')).toBe('TCG_LOTTO_VN');
  expect(calls[0].get('gameType')).toBe('ELOTT');
  expect(calls[0].get('gameCode')).toBe('VN1');
});

test('/lottery launches the vendor named in the query; a trial account gets the real-account dialog', async () => {
  const calls = network(() => ({ status: 403, body: { success: false, code: 'auth.real_account_required', message: 'A real account is needed.', value: null } }));
  const actions = { ...mockActions(), requireRealAccount: vi.fn(() => false) };
  renderWithProviders(<LotteryPage />, { path: '/lottery?gameCode=&vendor=PLT&gameType=LOTT', actions });
  expect(await screen.findByTestId('game-error')).toHaveTextContent('A real account is needed.');
  await waitFor(() => expect(actions.requireRealAccount).toHaveBeenCalled());
  expect(calls[0].get('vendor')).toBe('PLT');
  expect(calls[0].get('gameCode')).toBeNull();
  expect(screen.queryByTestId('lottery-frame')).toBeNull();
});

test('/lottery without a vendor or game asks for nothing and offers the way home', async () => {
  const calls = network(() => ({ status: 500, body: {} }));
  renderWithProviders(<LotteryPage />, { path: '/lottery' });
  expect(await screen.findByTestId('lottery-page')).toBeInTheDocument();
  expect(screen.getByRole('link')).toHaveAttribute('href', '/');
  expect(calls).toHaveLength(0);
});
