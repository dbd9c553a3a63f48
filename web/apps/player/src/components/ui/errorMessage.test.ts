import i18next from 'i18next';
import { expect, test } from 'vitest';
import { ApiError } from '@/lib/api';
import { errorMessage } from './errorMessage';

function t() {
  const inst = i18next.createInstance();
  void inst.init({
    lng: 'EN',
    initAsync: false,
    resources: {
      EN: {
        errors: { unknown: 'Something went wrong.', 'network': { offline: 'Offline.' }, commission: { rate_above_upline: 'Tier {{tier}} pays more than your own contract.' } },
        auth: { errors: { auth: { bad: 'Wrong password.' }, rg: { timeout: 'You are on a time-out until {{until}}.' } } },
        cashier: { errors: { money: { below_min: 'The minimum amount is {{min}}.' }, withdraw: { in_progress: 'Still in progress.' } } },
        games: { errors: { launch: { maintenance: 'Under maintenance.' } } },
        records: { errors: { records: { range_too_long: 'At most 92 days.' } } },
      },
    },
  } as Parameters<typeof inst.init>[0]);
  return inst.t;
}

test('codes resolve in errors, then auth:errors, then cashier:errors', () => {
  const tf = t();
  expect(errorMessage(tf, new ApiError('network.offline', '', 0))).toBe('Offline.');
  expect(errorMessage(tf, new ApiError('auth.bad', '', 401))).toBe('Wrong password.');
  expect(errorMessage(tf, new ApiError('withdraw.in_progress', '', 409))).toBe('Still in progress.');
  expect(errorMessage(tf, new ApiError('nope.nothing', 'Server says no.', 400))).toBe('Server says no.');
});

test('a translation needing a parameter the answer does not carry gives way to the server message', () => {
  const tf = t();
  expect(errorMessage(tf, new ApiError('money.below_min', 'The minimum amount is 100.00.', 400))).toBe('The minimum amount is 100.00.');
  expect(errorMessage(tf, new ApiError('money.below_min', '', 400))).toBe('The minimum amount is ….');
});

test('game and records codes resolve in games:errors and records:errors', () => {
  const tf = t();
  expect(errorMessage(tf, new ApiError('launch.maintenance', 'server text', 409))).toBe('Under maintenance.');
  expect(errorMessage(tf, new ApiError('records.range_too_long', 'server text', 400))).toBe('At most 92 days.');
});

test('the end of a time-out comes back from the server message as a date in the brand zone, in the user language', () => {
  const tf = t();
  const until = Date.UTC(2026, 10, 28, 16, 0, 0);
  expect(errorMessage(tf, new ApiError('rg.timeout', `You are taking a break until ${until}. You can log in again after that.`, 403))).toBe('You are on a time-out until 2026-11-29 00:00:00.');
  // A server message that already has a written date is shown as it is.
  expect(errorMessage(tf, new ApiError('rg.timeout', 'Pahinga hanggang 2026-11-29 00:00.', 403))).toBe('Pahinga hanggang 2026-11-29 00:00.');
});

test('an answer that names its values fills them into the translation', () => {
  const tf = t();
  expect(errorMessage(tf, new ApiError('commission.rate_above_upline', 'Ang antas 2 ay mas mataas.', 409, { tier: 2 }))).toBe('Tier 2 pays more than your own contract.');
  expect(errorMessage(tf, new ApiError('money.below_min', 'The minimum amount is 100.00.', 400, { min: '100.00' }))).toBe('The minimum amount is 100.00.');
  const until = Date.UTC(2026, 10, 28, 16, 0, 0);
  expect(errorMessage(tf, new ApiError('rg.timeout', 'server text', 403, { until }))).toBe('You are on a time-out until 2026-11-29 00:00:00.');
  // A value the answer lacks: the server's own message.
  expect(errorMessage(tf, new ApiError('commission.rate_above_upline', 'Tier 3 pays more.', 409, {}))).toBe('Tier 3 pays more.');
});
