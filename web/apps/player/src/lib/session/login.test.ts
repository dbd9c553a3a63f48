import { createBotcheckPrefetch, needsCaptcha, validateLogin, type LoginForm } from './login';

const t = (k: string) => k;
const base: LoginForm = { mode: 'username', username: 'demo01', password: 'Palaro2026', mobile: '', code: '', captchaShown: false, captcha: '' };

test('username login needs username and password, trimmed', () => {
  expect(validateLogin(base, t)).toEqual({});
  expect(validateLogin({ ...base, username: '   ', password: ' ' }, t)).toEqual({
    username: 'layout:auth.usernameRequired',
    password: 'layout:auth.passwordRequired',
  });
});

test('the captcha is required only once it is shown', () => {
  expect(validateLogin({ ...base, captchaShown: false }, t).captcha).toBeUndefined();
  expect(validateLogin({ ...base, captchaShown: true, captcha: ' ' }, t).captcha).toBe('auth:login.captchaRequired');
  expect(validateLogin({ ...base, captchaShown: true, captcha: 'K7PQ' }, t).captcha).toBeUndefined();
});

test('SMS login needs a mobile number and a numeric code, not a password', () => {
  const sms: LoginForm = { ...base, mode: 'sms', username: '', password: '' };
  expect(validateLogin(sms, t)).toEqual({ mobile: 'auth:login.mobileRequired', code: 'auth:login.codeRequired' });
  expect(validateLogin({ ...sms, mobile: '9171234567', code: '123456' }, t)).toEqual({});
  expect(validateLogin({ ...sms, mobile: '917-123', code: 'abc' }, t)).toEqual({ mobile: 'auth:login.mobileRequired', code: 'auth:login.codeRequired' });
});

test('the captcha shows after the server asks for it or spent a wrong one', () => {
  expect(needsCaptcha('auth.captcha_required')).toBe(true);
  expect(needsCaptcha('auth.captcha_invalid')).toBe(true);
  expect(needsCaptcha('auth.invalid_credentials')).toBe(false);
  expect(needsCaptcha('auth.locked')).toBe(false);
  expect(needsCaptcha(undefined)).toBe(false);
});

test('a prefetched bot-check solution is used once, and a stale one is solved again', async () => {
  let now = 0;
  let n = 0;
  const solve = vi.fn(async () => `sol-${++n}`);
  const pre = createBotcheckPrefetch(solve, () => now);
  pre.warm();
  pre.warm(); // already warm: no second solve
  expect(solve).toHaveBeenCalledTimes(1);
  expect(await pre.take()).toBe('sol-1');
  expect(await pre.take()).toBe('sol-2'); // nothing prepared: solves now
  pre.warm();
  now += 5 * 60_000; // older than the server keeps it
  expect(await pre.take()).toBe('sol-4');
  expect(solve).toHaveBeenCalledTimes(4);
});
