import { vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { deviceFor, launchParams } from './api';
import { lotteryTarget } from './lotteryTarget';
import { blockFor, closeQuietly, deliver } from './windowLaunch';

function fakeWindow() {
  return { closed: false, opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn(function (this: { closed: boolean }) { this.closed = true; }) };
}

test('a WINDOW answer sends the window opened on the click to the game, cut off from the opener', () => {
  const w = fakeWindow();
  const open = vi.fn();
  expect(deliver({ url: '/sandbox/games/play?t=x', mode: 'WINDOW' }, w as unknown as Window, open)).toBe('window');
  expect(w.location.href).toBe('/sandbox/games/play?t=x');
  expect(w.opener).toBeNull();
  expect(w.close).not.toHaveBeenCalled();
  expect(open).not.toHaveBeenCalled();
});

test('an IFRAME answer closes a window opened for nothing', () => {
  const w = fakeWindow();
  expect(deliver({ url: '/g', mode: 'IFRAME' }, w as unknown as Window, vi.fn())).toBe('iframe');
  expect(w.close).toHaveBeenCalled();
  expect(deliver({ url: '/g', mode: 'IFRAME' }, null, vi.fn())).toBe('iframe');
});

test('a WINDOW answer without a window (or a closed one) opens one, and reports a blocker', () => {
  const closed = { ...fakeWindow(), closed: true };
  const opened = vi.fn(() => fakeWindow() as unknown as Window);
  expect(deliver({ url: '/g', mode: 'WINDOW' }, closed as unknown as Window, opened)).toBe('window');
  expect(opened).toHaveBeenCalledWith('/g', '_blank');
  expect(deliver({ url: '/g', mode: 'WINDOW' }, null, () => null)).toBe('blocked');
  expect(
    deliver({ url: '/g', mode: 'WINDOW' }, null, () => {
      throw new Error('no');
    }),
  ).toBe('blocked');
});

test('closeQuietly closes an open window once and ignores the rest', () => {
  const w = fakeWindow();
  closeQuietly(w as unknown as Window);
  closeQuietly(w as unknown as Window);
  closeQuietly(null);
  expect(w.close).toHaveBeenCalledTimes(1);
});

test('launch errors map to the login prompt, the real-account dialog, maintenance or an error', () => {
  expect(blockFor(new ApiError('auth.token_required', '', 401))).toBe('login');
  expect(blockFor(new ApiError('auth.session_expired', '', 401))).toBe('login');
  expect(blockFor(new ApiError('auth.real_account_required', '', 403))).toBe('realAccount');
  expect(blockFor(new ApiError('launch.maintenance', '', 409))).toBe('maintenance');
  expect(blockFor(new ApiError('launch.unknown_game', '', 404))).toBe('error');
  expect(blockFor(new ApiError('network.offline', '', 0))).toBe('error');
  expect(blockFor(new Error('x'))).toBe('error');
});

test('launch parameters: game code wins over node id; lobby launches send the vendor only', () => {
  expect(launchParams({ nodeId: 7, vassalage: 'PG', gameType: 'RNG', gameCode: 'PG_7' }, 'EN', 'WEB')).toEqual({ gameCode: 'PG_7', nodeId: undefined, vendor: 'PG', gameType: 'RNG', language: 'EN', device: 'WEB' });
  expect(launchParams({ nodeId: 7, vassalage: '', gameType: '' }, 'TY', 'H5')).toMatchObject({ nodeId: 7, gameCode: undefined, vendor: undefined });
  expect(launchParams({ vassalage: 'PSB', gameType: 'SPORTS' }, 'EN', 'WEB')).toMatchObject({ vendor: 'PSB', gameType: 'SPORTS', gameCode: undefined, nodeId: undefined });
  expect(deviceFor(390)).toBe('H5');
  expect(deviceFor(1440)).toBe('WEB');
});

test('lottery pages pick their vendor from the path or the query', () => {
  expect(lotteryTarget('/vnLottery', '?gameCode=VN1')).toEqual({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', gameCode: 'VN1' });
  expect(lotteryTarget('/SEALOTTERY', '')).toEqual({ vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: undefined });
  expect(lotteryTarget('/lottery', '?gameCode=L1&vendor=PLT&gameType=LOTT')).toEqual({ vassalage: 'PLT', gameType: 'LOTT', gameCode: 'L1' });
  expect(lotteryTarget('/lottery', '?vendor=ELT&gameType=elott')).toEqual({ vassalage: 'ELT', gameType: 'ELOTT', gameCode: undefined });
  expect(lotteryTarget('/lottery', '')).toEqual({ vassalage: '', gameType: 'LOTT', gameCode: undefined });
});
