import {
  adoptQueryToken,
  clearStoredSession,
  readRememberedSession,
  rememberedUsername,
  REMEMBER_SESSION_KEY,
  REMEMBER_USER_KEY,
  restoreRemembered,
  setRemember,
  storedFlags,
  writeLogin,
} from './storage';
import type { LoginResult } from './types';

const result = (over: Partial<LoginResult['userInfo']> = {}): LoginResult => ({
  token: 'tok-1',
  firstTimeLogin: false,
  passwordExpired: false,
  defaultPassword: false,
  previousLoginTime: 1,
  expiresAt: Date.now() + 86_400_000,
  userInfo: {
    id: 7,
    account: 'demo01',
    username: 'demo01',
    nickname: 'Demo',
    type: 0,
    isAgent: false,
    isTrial: false,
    email: '',
    mobileNum: '',
    countryDialingCode: '',
    payeeName: '',
    createdTime: 1,
    lastLoginTime: 2,
    ...over,
  },
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('?token= on first load', () => {
  test('moves the token into session storage and strips it from the URL, keeping the rest', () => {
    const replaceState = vi.fn();
    const got = adoptQueryToken({ search: '?a=1&token=abc&b=2', pathname: '/live', hash: '#x' }, { replaceState, state: null }, sessionStorage);
    expect(got).toBe('abc');
    expect(sessionStorage.getItem('token')).toBe('abc');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/live?a=1&b=2#x');
  });

  test('a token handed over replaces the old session keys but keeps merchant keys', () => {
    sessionStorage.setItem('token', 'old');
    sessionStorage.setItem('account', 'someone');
    sessionStorage.setItem('merchantCode', 'PAL');
    adoptQueryToken({ search: '?token=new', pathname: '/', hash: '' }, { replaceState: vi.fn(), state: null }, sessionStorage);
    expect(sessionStorage.getItem('token')).toBe('new');
    expect(sessionStorage.getItem('account')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('PAL');
  });

  test('no token parameter: nothing changes; an empty one is only stripped', () => {
    const replaceState = vi.fn();
    expect(adoptQueryToken({ search: '?a=1', pathname: '/', hash: '' }, { replaceState, state: null }, sessionStorage)).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
    expect(adoptQueryToken({ search: '?token=', pathname: '/', hash: '' }, { replaceState, state: null }, sessionStorage)).toBeNull();
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

test('a login writes the spec keys and the role flags', () => {
  writeLogin(result({ type: 41 }), sessionStorage);
  expect(sessionStorage.getItem('token')).toBe('tok-1');
  expect(sessionStorage.getItem('account')).toBe('demo01');
  expect(sessionStorage.getItem('nickname')).toBe('Demo');
  expect(sessionStorage.getItem('customerId')).toBe('7');
  expect(storedFlags(sessionStorage)).toEqual({ isAgent: true, isTrial: false });
  writeLogin(result({ type: 4 }), sessionStorage);
  expect(storedFlags(sessionStorage)).toEqual({ isAgent: false, isTrial: true });
});

test('logout clears session storage but restores the merchant keys and forgets the remembered session, not the username', () => {
  writeLogin(result(), sessionStorage);
  sessionStorage.setItem('merchant', 'Palaro');
  sessionStorage.setItem('merchantCode', 'PAL');
  sessionStorage.setItem('HOT_GAMES', '[]');
  sessionStorage.setItem('popupClosed:anonymous', '1');
  setRemember(true, 'demo01', { token: 'tok-1', expiresAt: Date.now() + 1000 }, localStorage);
  clearStoredSession(sessionStorage, localStorage);
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(sessionStorage.getItem('account')).toBeNull();
  expect(sessionStorage.getItem('HOT_GAMES')).toBeNull();
  expect(sessionStorage.getItem('merchant')).toBe('Palaro');
  expect(sessionStorage.getItem('merchantCode')).toBe('PAL');
  expect(sessionStorage.getItem('popupClosed:anonymous')).toBe('1');
  expect(localStorage.getItem(REMEMBER_SESSION_KEY)).toBeNull();
  expect(rememberedUsername(localStorage)).toBe('demo01');
});

describe('remember me', () => {
  test('keeps the username and the one-day session, never a password', () => {
    setRemember(true, 'demo01', { token: 'tok-1', expiresAt: 5000 }, localStorage);
    expect(localStorage.getItem(REMEMBER_USER_KEY)).toBe('demo01');
    expect(readRememberedSession(localStorage)).toEqual({ token: 'tok-1', expiresAt: 5000 });
    const everything = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(everything).not.toMatch(/password/i);
  });

  test('unchecking forgets both', () => {
    setRemember(true, 'demo01', { token: 'tok-1', expiresAt: 5000 }, localStorage);
    setRemember(false, undefined, undefined, localStorage);
    expect(localStorage.getItem(REMEMBER_USER_KEY)).toBeNull();
    expect(localStorage.getItem(REMEMBER_SESSION_KEY)).toBeNull();
  });

  test('a remembered session comes back on boot only while it has not expired', () => {
    setRemember(true, 'demo01', { token: 'tok-1', expiresAt: 5000 }, localStorage);
    expect(restoreRemembered(4999, sessionStorage, localStorage)).toBe('tok-1');
    expect(sessionStorage.getItem('token')).toBe('tok-1');

    sessionStorage.clear();
    expect(restoreRemembered(5000, sessionStorage, localStorage)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(REMEMBER_SESSION_KEY)).toBeNull();
  });

  test('a tab that has its own session keeps it', () => {
    sessionStorage.setItem('token', 'mine');
    setRemember(true, 'demo01', { token: 'tok-1', expiresAt: 5000 }, localStorage);
    expect(restoreRemembered(1000, sessionStorage, localStorage)).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('mine');
  });

  test('a corrupt entry is ignored', () => {
    localStorage.setItem(REMEMBER_SESSION_KEY, '{nope');
    expect(restoreRemembered(1, sessionStorage, localStorage)).toBeNull();
  });
});
