// The Crash screen against a stubbed server and socket: the table arrives,
// a bet goes in during the countdown, the round takes off, the member cashes
// out with the live amount on the button, the players list and the balance
// follow; a dropped socket asks GET state again and reconnects.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import CrashGameEntry from './index';
import { renderGame, stubApi } from '../slot/testing';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  constructor(
    public url: string,
    public protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  close() {}
  send(msg: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(msg) }));
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});
afterEach(() => vi.unstubAllGlobals());

const now = () => Date.now();

test('bet in the countdown, take-off, cash out with the live amount, see it in the players list', async () => {
  const api = stubApi({
    '/wps/inhouse/crash/state': () => ({ round: { id: 5, status: 'BETTING', bettingEndsAt: now() + 6000, serverTime: now() }, bets: [], history: [{ id: 4, point: 187, hash: 'a'.repeat(64) }], chain: { terminalHash: 'T', salt: 'S' } }),
    '/wps/inhouse/crash/bet': (body) => ({ bet: { id: 900, roundId: 5, player: 'me***1', amount: (body as { amount: number }).amount, autoCashout: 0, cashedOutAt: 0, win: 0, state: 'PLACED', mine: true }, balance: 99000 }),
    '/wps/inhouse/crash/cashout': () => ({ bet: { id: 900, roundId: 5, player: 'me***1', amount: 1000, cashedOutAt: 150, win: 1500, state: 'CASHED', mine: true }, balance: 100500 }),
  });
  const { balances } = renderGame(<CrashGameEntry />, { game: 'crash' });
  await screen.findByTestId('crash-countdown');
  expect(FakeSocket.all[0].protocols).toEqual(['palaro.v1', 'bearer.tok']);
  // The history chip links to the verifier with the hash and salt.
  const chip = screen.getByTestId('crash-history').querySelector('a')!;
  expect(chip).toHaveTextContent('1.87×');
  expect(chip.getAttribute('href')).toBe(`/originals/verify?game=crash&hash=${'a'.repeat(64)}&salt=S`);

  fireEvent.click(screen.getByTestId('crash-bet'));
  await waitFor(() => expect(screen.getByTestId('crash-bet')).toHaveTextContent('Bet placed'));
  expect(api.to('/wps/inhouse/crash/bet')[0].body).toEqual({ amount: 1000 });
  expect(api.to('/wps/inhouse/crash/bet')[0].headers['Idempotency-Key']).toBeTruthy();
  expect(balances).toEqual([99000]);
  expect(screen.getByTestId('crash-players')).toHaveTextContent('You');

  // Another player's bet arrives; then take-off, started 11.6 s ago on the server's clock (2.00x).
  const sock = FakeSocket.all[FakeSocket.all.length - 1];
  sock.send({ type: 'bet', bet: { id: 901, roundId: 5, player: 'ju***n', amount: 5000, autoCashout: 300, cashedOutAt: 0, win: 0 }, at: now() });
  const t = now();
  sock.send({ type: 'running', round: { id: 5, status: 'RUNNING', startedAt: t - 11600, serverTime: t }, at: t });
  const cash = await screen.findByTestId('crash-cashout');
  expect(cash).toHaveTextContent(/Cash out ₱20\.\d\d/);

  fireEvent.click(cash);
  await waitFor(() => expect(balances[balances.length - 1]).toBe(100500));
  expect(api.to('/wps/inhouse/crash/cashout')[0].body).toEqual({ roundId: 5 });
  const mine = screen.getByTestId('crash-players').querySelector('tr[data-mine]')!;
  expect(mine).toHaveTextContent('1.50×');
  expect(mine).toHaveTextContent('₱15.00');
  expect(mine.getAttribute('data-state')).toBe('cashed');

  // The crash: the other bet loses, the point joins the history.
  sock.send({ type: 'crashed', round: { id: 5, status: 'CRASHED', point: 233, hash: 'b'.repeat(64) }, at: now() });
  expect(await screen.findByTestId('crash-crashed')).toHaveTextContent('Crashed at 2.33×');
  const other = [...screen.getByTestId('crash-players').querySelectorAll('tr')].find((r) => r.textContent?.includes('ju***n'))!;
  expect(other.getAttribute('data-state')).toBe('lost');
  expect(screen.getByTestId('crash-history').querySelectorAll('a')[0]).toHaveTextContent('2.33×');
});

test('a bet answered "too late" is explained; a dropped socket refetches the table and reconnects', async () => {
  let state = 0;
  const api = stubApi({
    '/wps/inhouse/crash/state': () => {
      state++;
      return { round: { id: 8, status: 'RUNNING', startedAt: now() - 1000, serverTime: now() }, bets: [{ id: 1, roundId: 8, player: 'me', amount: 1000, cashedOutAt: 0, mine: true, state: 'PLACED' }], history: [], chain: null };
    },
    '/wps/inhouse/crash/cashout': () => {
      throw { code: 'crash.too_late', status: 409 };
    },
  });
  const { errors } = renderGame(<CrashGameEntry />, { game: 'crash' });
  // The own bet of the running round is back after a reload: cash-out offered.
  fireEvent.click(await screen.findByTestId('crash-cashout'));
  await waitFor(() => expect(errors).toHaveLength(1));
  expect(String((errors[0] as Error).message)).toMatch(/Too late/);
  const before = state;
  act(() => FakeSocket.all[0].onclose?.({ code: 1006 }));
  await waitFor(() => expect(state).toBeGreaterThan(before));
  expect(api.to('/wps/inhouse/crash/state').length).toBeGreaterThan(1);
  await waitFor(() => expect(FakeSocket.all.length).toBe(2), { timeout: 3000 });
});

test('auto cash-out target: validated, sent in hundredths', async () => {
  const api = stubApi({
    '/wps/inhouse/crash/state': () => ({ round: { id: 9, status: 'BETTING', bettingEndsAt: now() + 5000, serverTime: now() }, bets: [], history: [], chain: null }),
    '/wps/inhouse/crash/bet': () => ({ bet: { id: 3, roundId: 9, player: 'me', amount: 1000, autoCashout: 250, mine: true }, balance: 99000 }),
  });
  renderGame(<CrashGameEntry />, { game: 'crash' });
  await screen.findByTestId('crash-countdown');
  fireEvent.click(screen.getByTestId('crash-auto-toggle'));
  fireEvent.change(screen.getByTestId('crash-auto'), { target: { value: '1' } });
  expect(screen.getByText(/lowest auto cash-out/)).toBeInTheDocument();
  expect(screen.getByTestId('crash-bet')).toBeDisabled();
  fireEvent.change(screen.getByTestId('crash-auto'), { target: { value: '2.5' } });
  fireEvent.click(screen.getByTestId('crash-bet'));
  await waitFor(() => expect(api.to('/wps/inhouse/crash/bet')).toHaveLength(1));
  expect(api.to('/wps/inhouse/crash/bet')[0].body).toEqual({ amount: 1000, autoCashout: 250 });
});

test('visitors watch the table without a token and are offered the login to bet', async () => {
  stubApi({ '/wps/inhouse/crash/state': () => ({ round: { id: 2, status: 'BETTING', bettingEndsAt: now() + 5000, serverTime: now() }, bets: [], history: [], chain: null }) });
  const login = vi.fn();
  renderGame(<CrashGameEntry />, { game: 'crash', token: undefined, balance: undefined, login });
  await screen.findByTestId('crash-countdown');
  expect(FakeSocket.all[0].protocols).toEqual(['palaro.v1']);
  fireEvent.click(screen.getByTestId('crash-login'));
  expect(login).toHaveBeenCalled();
});
