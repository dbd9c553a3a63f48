// The slot screen against a stubbed server: a spin (stake leaves the balance
// at once, the server's balance after the presentation, the win shown), a
// round with free spins played one POST at a time, and an OPEN round resumed
// after a reload. Reduced motion keeps the reels instant.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Round } from '../api';
import SlotGameEntry from './index';
import { renderGame, stubApi } from './testing';

const N = { WILD: 0, SCATTER: 1, JEEPNEY: 2, A: 5, K: 6, Q: 7, J: 8, TEN: 9 };
const plain = [[N.K, N.A, N.Q], [N.K, N.J, N.Q], [N.K, N.TEN, N.A], [N.J, N.Q, N.A], [N.A, N.J, N.TEN]];
const scat = [[N.SCATTER, N.A, N.Q], [N.K, N.SCATTER, N.Q], [N.K, N.TEN, N.SCATTER], [N.J, N.Q, N.A], [N.A, N.J, N.TEN]];

const spin = (grid: number[][], multiplier: number, extra: object = {}) => ({ stops: [1, 2, 3, 4, 5], grid, lines: [], scatter: 0, scatterWin: 0, freeSpinsAwarded: 0, multiplier, ...extra });
const round = (over: Partial<Round> & { outcome: object }): Round =>
  ({ id: 11, game: 'slot', status: 'COMPLETED', amount: 1000, win: 0, multiplier: 0, currency: 'PHP', params: {}, fair: { serverSeedHash: 'h', serverSeed: '', clientSeed: 'c', nonce: 0 }, createdAt: '', ...over }) as Round;

afterEach(() => vi.unstubAllGlobals());

test('a winning spin: stake leaves the balance at once, the win counts up, the server balance lands last', async () => {
  const api = stubApi({
    '/wps/inhouse/slot/spin': () => ({
      round: round({ win: 2500, multiplier: 25000, outcome: { spins: [spin(plain, 25000, { lines: [{ line: 1, symbol: N.K, count: 3, multiplier: 25000 }] })], freeSpinsLeft: 0 } }),
      balance: 101500,
    }),
  });
  const { balances, shell } = renderGame(<SlotGameEntry />);
  fireEvent.click(screen.getByTestId('slot-spin'));
  expect(balances[0]).toBe(99000);
  await waitFor(() => expect(screen.getByTestId('slot-win')).toHaveTextContent('₱25.00'));
  await waitFor(() => expect(balances[balances.length - 1]).toBe(101500));
  const call = api.to('/wps/inhouse/slot/spin')[0];
  expect(call.body).toEqual({ amount: 1000 });
  expect(call.headers['Idempotency-Key']).toMatch(/.{16,}/);
  await waitFor(() => expect(screen.getByTestId('slot-caption')).toHaveTextContent(/Winning lines: 1|Line 2/));
  expect(screen.getByTestId('slot-lines').querySelectorAll('path')).toHaveLength(1);
  expect(shell.roundChanged).toHaveBeenCalled();
  // The window shows the server's grid.
  const reel0 = screen.getByTestId('slot-reels').querySelector('[data-reel="0"]')!;
  expect([...reel0.querySelectorAll('[data-symbol]')].map((c) => c.getAttribute('data-symbol'))).toEqual(['K', 'A', 'Q']);
});

test('a refused spin puts the stake back and shows the error; the next try gets a new key', async () => {
  const api = stubApi({
    '/wps/inhouse/slot/spin': () => {
      throw { code: 'inhouse.insufficient_funds', status: 409 };
    },
  });
  const { balances, errors } = renderGame(<SlotGameEntry />);
  fireEvent.click(screen.getByTestId('slot-spin'));
  await waitFor(() => expect(errors).toHaveLength(1));
  expect(balances).toEqual([99000, 100000]);
  await waitFor(() => expect(screen.getByTestId('slot-spin')).not.toBeDisabled());
  fireEvent.click(screen.getByTestId('slot-spin'));
  await waitFor(() => expect(api.to('/wps/inhouse/slot/spin')).toHaveLength(2));
  const [a, b] = api.to('/wps/inhouse/slot/spin');
  expect(a.headers['Idempotency-Key']).not.toBe(b.headers['Idempotency-Key']);
});

test('scatters trigger free spins, played one request at a time until the round completes', async () => {
  const base = spin(scat, 20000, { scatter: 3, scatterWin: 20000, freeSpinsAwarded: 2 });
  const f1 = spin(plain, 0, { free: true });
  const f2 = spin(plain, 50000, { free: true, lines: [{ line: 1, symbol: N.K, count: 3, multiplier: 50000 }] });
  stubApi({
    '/wps/inhouse/slot/spin': () => ({ round: round({ status: 'OPEN', outcome: { spins: [base], freeSpinsLeft: 2 } }), balance: 99000 }),
    '/wps/inhouse/slot/free': (_body, n) =>
      n === 1
        ? { round: round({ status: 'OPEN', outcome: { spins: [base, f1], freeSpinsLeft: 1 } }), balance: 99000 }
        : { round: round({ status: 'COMPLETED', win: 7000, multiplier: 70000, outcome: { spins: [base, f1, f2], freeSpinsLeft: 0 } }), balance: 107000 },
  });
  const { balances } = renderGame(<SlotGameEntry />);
  fireEvent.click(screen.getByTestId('slot-spin'));
  await screen.findByTestId('slot-overlay-trigger', undefined, { timeout: 4000 });
  expect(screen.getByTestId('slot-overlay-trigger')).toHaveTextContent('2 free spins');
  fireEvent.click(screen.getByTestId('slot-overlay-continue'));
  await waitFor(() => expect(screen.getByTestId('slot-free-banner')).toHaveTextContent('Free spin 1 of 2'), { timeout: 4000 });
  await screen.findByTestId('slot-overlay-summary', undefined, { timeout: 6000 });
  expect(screen.getByTestId('slot-overlay-summary')).toHaveTextContent('₱50.00');
  fireEvent.click(screen.getByTestId('slot-overlay-continue'));
  await waitFor(() => expect(balances[balances.length - 1]).toBe(107000), { timeout: 4000 });
  await waitFor(() => expect(screen.getByTestId('slot-last-win')).toHaveTextContent('₱70.00'), { timeout: 4000 });
  const free = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls.filter(([u]) => String(u).endsWith('/slot/free'));
  expect(free).toHaveLength(2);
  expect(JSON.parse(String(free[0][1].body))).toEqual({ roundId: 11 });
  const keys = free.map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
  expect(keys[0]).not.toBe(keys[1]);
}, 20000);

test('an OPEN round from GET /active resumes: the last window, the counter, then the remaining free spins', async () => {
  const base = spin(scat, 20000, { scatter: 3, freeSpinsAwarded: 2 });
  const f1 = spin(plain, 0, { free: true });
  const f2 = spin(plain, 0, { free: true });
  const api = stubApi({
    '/wps/inhouse/slot/free': () => ({ round: round({ status: 'COMPLETED', win: 2000, multiplier: 20000, outcome: { spins: [base, f1, f2], freeSpinsLeft: 0 } }), balance: 102000 }),
  });
  const open = round({ id: 77, status: 'OPEN', outcome: { spins: [base, f1], freeSpinsLeft: 1 } });
  const { balances } = renderGame(<SlotGameEntry />, { active: [open] });
  const overlay = await screen.findByTestId('slot-overlay-resume');
  expect(overlay).toHaveTextContent('Free spins left: 1');
  expect(screen.getByTestId('slot-free-banner')).toHaveTextContent('Free spin 1 of 2');
  fireEvent.click(screen.getByTestId('slot-overlay-continue'));
  await waitFor(() => expect(api.to('/wps/inhouse/slot/free')).toHaveLength(1), { timeout: 4000 });
  expect(api.to('/wps/inhouse/slot/free')[0].body).toEqual({ roundId: 77 });
  await screen.findByTestId('slot-overlay-summary', undefined, { timeout: 4000 });
  fireEvent.click(screen.getByTestId('slot-overlay-continue'));
  await waitFor(() => expect(balances[balances.length - 1]).toBe(102000), { timeout: 4000 });
}, 15000);

test('the paytable shows pays at the current bet, the 20 lines and the RTP profile', async () => {
  stubApi({});
  renderGame(<SlotGameEntry />);
  fireEvent.click(screen.getByTestId('slot-info'));
  const panel = await screen.findByTestId('slot-paytable');
  expect(panel).toHaveTextContent('96%');
  // K 5 of a kind = 120 line bets; bet 10.00 → line bet 0.50 → 60.00.
  expect(panel.querySelector('[data-symbol="K"]')).toHaveTextContent('₱60.00');
  expect(panel).toHaveTextContent('Line 20');
});

test('space spins', async () => {
  const api = stubApi({ '/wps/inhouse/slot/spin': () => ({ round: round({ outcome: { spins: [spin(plain, 0)], freeSpinsLeft: 0 } }), balance: 99000 }) });
  renderGame(<SlotGameEntry />);
  fireEvent.keyDown(document.body, { code: 'Space', key: ' ' });
  // Typing in the bet field does not spin.
  fireEvent.keyDown(screen.getByTestId('bet-amount'), { code: 'Space', key: ' ' });
  await waitFor(() => expect(api.to('/wps/inhouse/slot/spin')).toHaveLength(1));
});
