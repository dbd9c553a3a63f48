// The originals UI against a mocked API: bets carry an Idempotency-Key and
// the chosen inputs, answers drive the balance and the board, a resumed
// Mines board can be cashed out, seeds validate and rotate, errors translate.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Round } from './api';
import { SeedsPanel } from './seeds/SeedsPanel';
import { GameFrame, type FrameBalance } from './shell/GameFrame';
import { adjustBet, compactMultiplier, formatMultiplier, parseAmount, payout } from './shell/money';
import { MUTE_KEY, readMuted } from './shell/sound';
import { BALANCE, CONFIG, mockInhouse, reducedMotion, renderOriginals } from './testkit';

const fair = { serverSeedHash: 'a'.repeat(64), serverSeed: '', clientSeed: 'abc', nonce: 3 };
const round = (over: Partial<Round>): Round => ({
  id: 1,
  game: 'dice',
  status: 'COMPLETED',
  amount: 100,
  win: 0,
  multiplier: 0,
  currency: 'PHP',
  params: {},
  outcome: {},
  fair,
  createdAt: '2026-11-22T08:00:00Z',
  endedAt: '2026-11-22T08:00:00Z',
  ...over,
});

function Frame({ game }: { game: 'dice' | 'mines' | 'plinko' }) {
  const [bal, setBal] = useState<FrameBalance>(BALANCE);
  return <GameFrame game={game} token="tok" balance={bal} onBalance={(b) => setBal((x) => ({ ...x, balance: b }))} />;
}

vi.setConfig({ testTimeout: 20_000 });

// The games are lazy chunks: load them once up front so the first test does not race the import.
beforeAll(async () => {
  await Promise.all([import('./dice'), import('./mines'), import('./plinko')]);
});

beforeEach(() => {
  reducedMotion();
  sessionStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('money helpers', () => {
  test('amount text to minor units without floats', () => {
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('1,000.05')).toBe(100005);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('1.005')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
  test('½ 2× min max stay within limits and balance', () => {
    const l = { minBet: 100, maxBet: 10_000 };
    expect(adjustBet('half', 150, l)).toBe(100);
    expect(adjustBet('double', 6000, l)).toBe(10_000);
    expect(adjustBet('double', 3000, l, 5000)).toBe(5000);
    expect(adjustBet('max', 100, l, 2500)).toBe(2500);
    expect(adjustBet('min', 9000, l)).toBe(100);
  });
  test('multipliers are floored to hundredths; compact form drops zeros', () => {
    expect(formatMultiplier(19899)).toBe('1.98×');
    expect(compactMultiplier(10_000_000)).toBe('1000');
    expect(compactMultiplier(1_400_000)).toBe('140');
    expect(compactMultiplier(66_000)).toBe('6.6');
    expect(compactMultiplier(5000)).toBe('0.5');
    expect(compactMultiplier(10_057)).toBe('1');
  });
  test('payout floors bet × multiplier / 10000', () => {
    expect(payout(333, 19800)).toBe(659);
    expect(payout(100, 0)).toBe(0);
  });
});

describe('Dice in the frame', () => {
  test('a roll posts the inputs with an Idempotency-Key and shows the roll and the new balance', async () => {
    const api = mockInhouse({
      'GET /wps/inhouse/config': CONFIG,
      'GET /wps/inhouse/active': { rounds: [] },
      'POST /wps/inhouse/dice/bet': (b: unknown) => {
        const body = b as { amount: number; target: number; over: boolean };
        return { round: round({ amount: body.amount, win: 198 * (body.amount / 100), multiplier: 19800, params: body, outcome: { roll: 1234, win: true } }), balance: 100_000 + 98 * (body.amount / 100) };
      },
    });
    renderOriginals(<Frame game="dice" />);
    const button = await screen.findByTestId('dice-roll-button');
    expect(screen.getByTestId('originals-balance')).toHaveTextContent('₱1,000.00');
    fireEvent.click(screen.getByTestId('dice-over'));
    fireEvent.change(screen.getByTestId('bet-amount'), { target: { value: '5' } });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('dice-roll')).toHaveTextContent('12.34'));
    const [call] = api.to('POST /wps/inhouse/dice/bet');
    expect(call.body).toEqual({ amount: 500, target: 4999, over: true });
    expect(call.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9-]{16,}$/);
    await waitFor(() => expect(screen.getByTestId('originals-balance')).toHaveTextContent('₱1,004.90'));
    // A second identical bet is a new action: a new key.
    fireEvent.click(screen.getByTestId('dice-roll-button'));
    await waitFor(() => expect(api.to('POST /wps/inhouse/dice/bet')).toHaveLength(2));
    expect(api.to('POST /wps/inhouse/dice/bet')[1].headers['Idempotency-Key']).not.toBe(call.headers['Idempotency-Key']);
  });

  test('a refused bet shows the translated error and leaves the balance', async () => {
    mockInhouse({
      'GET /wps/inhouse/config': CONFIG,
      'GET /wps/inhouse/active': { rounds: [] },
      'POST /wps/inhouse/dice/bet': { error: 'inhouse.insufficient_funds', status: 409 },
    });
    renderOriginals(<Frame game="dice" />);
    fireEvent.click(await screen.findByTestId('dice-roll-button'));
    expect(await screen.findByTestId('originals-error')).toHaveTextContent('Not enough balance for this bet.');
    expect(screen.getByTestId('originals-balance')).toHaveTextContent('₱1,000.00');
    expect(screen.getByTestId('dice-roll')).toHaveTextContent('--.--');
  });

  test('an amount below the minimum disables the roll', async () => {
    mockInhouse({ 'GET /wps/inhouse/config': CONFIG, 'GET /wps/inhouse/active': { rounds: [] } });
    renderOriginals(<Frame game="dice" />);
    const amount = await screen.findByTestId('bet-amount');
    fireEvent.change(amount, { target: { value: '0.50' } });
    expect(screen.getByTestId('dice-roll-button')).toBeDisabled();
    expect(screen.getByText('The minimum bet is ₱1.00.')).toBeInTheDocument();
  });
});

describe('Mines', () => {
  test('an open board from /active is resumed and can be cashed out', async () => {
    const open = round({ id: 77, game: 'mines', status: 'OPEN', amount: 1000, multiplier: 11250, params: { size: 5, mines: 3 }, outcome: { revealed: [0, 6], mines: [], busted: false } });
    const api = mockInhouse({
      'GET /wps/inhouse/config': CONFIG,
      'GET /wps/inhouse/active': { rounds: [open] },
      'POST /wps/inhouse/mines/cashout': () => ({
        round: { ...open, status: 'COMPLETED', win: 1125, outcome: { revealed: [0, 6], mines: [1, 2, 3], busted: false } },
        balance: 101_125,
      }),
    });
    renderOriginals(<Frame game="mines" />);
    expect(await screen.findByTestId('mines-resumed', {}, { timeout: 4000 })).toBeInTheDocument();
    const grid = screen.getByTestId('mines-grid');
    expect(within(grid).getAllByRole('button')).toHaveLength(25);
    expect(screen.getByTestId('mines-tile-0')).toHaveAttribute('data-state', 'gem');
    expect(screen.getByTestId('mines-tile-6')).toHaveAttribute('data-state', 'gem');
    expect(screen.getByTestId('mines-tile-1')).toHaveAttribute('data-state', 'hidden');
    expect(screen.getByTestId('mines-multiplier')).toHaveTextContent('1.12×');
    const cash = screen.getByTestId('mines-cashout');
    expect(cash).toHaveTextContent('Cash out ₱11.25');
    fireEvent.click(cash);
    expect(await screen.findByTestId('mines-result')).toHaveTextContent('You won ₱11.25');
    expect(api.to('POST /wps/inhouse/mines/cashout')[0].body).toEqual({ roundId: 77 });
    expect(screen.getByTestId('mines-tile-1')).toHaveAttribute('data-state', 'mine-dim');
    expect(screen.getByTestId('mines-tile-4')).toHaveAttribute('data-state', 'gem-dim');
    expect(screen.getByTestId('originals-balance')).toHaveTextContent('₱1,011.25');
  });

  test('start then a mine ends the round busted', async () => {
    const started = round({ id: 5, game: 'mines', status: 'OPEN', amount: 100, params: { size: 3, mines: 1 }, outcome: { revealed: [], mines: [], busted: false } });
    const api = mockInhouse({
      'GET /wps/inhouse/config': CONFIG,
      'GET /wps/inhouse/active': { rounds: [] },
      'POST /wps/inhouse/mines/start': () => ({ round: started, balance: 99_900 }),
      'POST /wps/inhouse/mines/reveal': (b: unknown) => ({
        round: { ...started, status: 'COMPLETED', outcome: { revealed: [(b as { tile: number }).tile], mines: [4], busted: true } },
        balance: 99_900,
      }),
    });
    renderOriginals(<Frame game="mines" />);
    fireEvent.change(await screen.findByTestId('mines-size'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('mines-count'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('mines-start'));
    await screen.findByTestId('mines-cashout');
    expect(api.to('POST /wps/inhouse/mines/start')[0].body).toEqual({ amount: 100, size: 3, mines: 1 });
    fireEvent.click(screen.getByTestId('mines-tile-4'));
    expect(await screen.findByTestId('mines-result')).toHaveTextContent('Boom! A mine.');
    expect(screen.getByTestId('mines-tile-4')).toHaveAttribute('data-state', 'boom');
    expect(screen.getByTestId('mines-start')).toBeEnabled();
  });
});

describe('frame', () => {
  test('the mute toggle is remembered', async () => {
    mockInhouse({ 'GET /wps/inhouse/config': CONFIG, 'GET /wps/inhouse/active': { rounds: [] } });
    const first = renderOriginals(<Frame game="dice" />);
    const mute = await screen.findByTestId('originals-mute');
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(MUTE_KEY)).toBe('1');
    expect(readMuted()).toBe(true);
    first.unmount();
    renderOriginals(<Frame game="dice" />);
    expect(await screen.findByTestId('originals-mute')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a visitor gets the login prompt instead of the game', async () => {
    mockInhouse({ 'GET /wps/inhouse/config': CONFIG });
    renderOriginals(<GameFrame game="dice" token={undefined} balance={undefined} onBalance={() => {}} loggedOut={<p>log in please</p>} />);
    expect(await screen.findByText('log in please')).toBeInTheDocument();
    expect(screen.queryByTestId('dice-roll-button')).toBeNull();
    expect(screen.queryByTestId('originals-fairness')).toBeNull();
  });
});

describe('Plinko', () => {
  test('a drop posts rows and risk and lights the server bucket', async () => {
    const path = [true, false, true, true, false, false, true, false, true, false, false, true];
    const api = mockInhouse({
      'GET /wps/inhouse/config': CONFIG,
      'GET /wps/inhouse/active': { rounds: [] },
      'POST /wps/inhouse/plinko/bet': (b: unknown) => ({
        round: round({ id: 9, game: 'plinko', params: b as Record<string, unknown>, multiplier: 5000, win: 50, outcome: { path, bucket: 6 } }),
        balance: 99_950,
      }),
    });
    renderOriginals(<Frame game="plinko" />);
    fireEvent.click(await screen.findByTestId('plinko-drop'));
    await waitFor(() => expect(screen.getByTestId('plinko-bucket-6')).toHaveAttribute('data-lit', 'true'), { timeout: 3000 });
    expect(api.to('POST /wps/inhouse/plinko/bet')[0].body).toEqual({ amount: 100, rows: 12, risk: 'medium' });
    expect(screen.getByTestId('plinko-recent')).toHaveTextContent('0.50×');
    await waitFor(() => expect(screen.getByTestId('originals-balance')).toHaveTextContent('₱999.50'));
  });
});

describe('SeedsPanel', () => {
  test('shows the commitment; rejects a bad client seed; rotating reveals the previous seed', async () => {
    const seeds = { serverSeedHash: 'h'.repeat(64), clientSeed: 'mine', nonce: 12, previous: null };
    const api = mockInhouse({
      'GET /wps/inhouse/seeds': seeds,
      'POST /wps/inhouse/seeds/rotate': (b: unknown) => ({
        serverSeedHash: 'n'.repeat(64),
        clientSeed: (b as { clientSeed: string }).clientSeed,
        nonce: 0,
        previous: { serverSeed: 's'.repeat(64), serverSeedHash: 'h'.repeat(64), clientSeed: 'mine', nonce: 12 },
      }),
    });
    const onError = vi.fn();
    renderOriginals(<SeedsPanel token="tok" onError={onError} />);
    expect(await screen.findByTestId('seeds-hash')).toHaveTextContent('h'.repeat(64));
    expect(screen.getByTestId('seeds-nonce')).toHaveTextContent('12');
    const input = screen.getByTestId('seeds-new-client');
    fireEvent.change(input, { target: { value: 'bad seed!' } });
    expect(screen.getByTestId('seeds-rotate')).toBeDisabled();
    fireEvent.change(input, { target: { value: 'x'.repeat(65) } });
    expect(screen.getByTestId('seeds-rotate')).toBeDisabled();
    fireEvent.change(input, { target: { value: 'Lucky_Juan-7' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('seeds-rotate'));
    });
    expect(await screen.findByTestId('seeds-prev-server')).toHaveTextContent('s'.repeat(64));
    const [call] = api.to('POST /wps/inhouse/seeds/rotate');
    expect(call.body).toEqual({ clientSeed: 'Lucky_Juan-7' });
    expect(call.headers['Idempotency-Key']).toBeTruthy();
    expect(screen.getByTestId('seeds-client')).toHaveTextContent('Lucky_Juan-7');
    expect(onError).not.toHaveBeenCalled();
  });
});
