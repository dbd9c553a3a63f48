import { apiGet } from '@/lib/api';
import { startSocket, stopSocket } from '@/lib/socket';
import { establishSession, getSession, logout, onForcedPasswordChange, resetSessionForTests, startSession } from './store';
import type { LoginResult, UserInfo } from './types';

vi.mock('@/lib/socket', () => ({ startSocket: vi.fn(), stopSocket: vi.fn(), subscribe: vi.fn(() => () => {}) }));

const info: UserInfo = {
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
};
const result = (over: Partial<LoginResult> = {}): LoginResult => ({
  token: 'tok-1',
  firstTimeLogin: false,
  passwordExpired: false,
  defaultPassword: false,
  previousLoginTime: 1795307874082,
  expiresAt: Date.now() + 86_400_000,
  userInfo: info,
  ...over,
});

type Reply = { status?: number; body: unknown };
function serve(routes: Record<string, (init?: RequestInit) => Reply>) {
  const calls: { method: string; path: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://t.local').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, auth: (init?.headers as Record<string, string> | undefined)?.Authorization ?? null });
      const h = routes[`${method} ${path}`];
      const r = h ? h(init) : { status: 404, body: { success: false, code: 'request.not_found', message: '', value: null } };
      return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
    }),
  );
  return calls;
}
const ok = (value: unknown): Reply => ({ body: { success: true, code: 'ok', message: '', value } });
const dead: Reply = { status: 401, body: { success: false, code: 'auth.session_expired', message: '', value: null } };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetSessionForTests();
  vi.mocked(startSocket).mockClear();
  vi.mocked(stopSocket).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

test('establishSession stores the session, loads member info with the bearer token, and opens the socket', async () => {
  const calls = serve({ 'GET /wps/member/info': () => ok({ ...info, nickname: 'Fresh' }) });
  await establishSession(result(), { remember: false });
  const s = getSession();
  expect(s.loggedIn).toBe(true);
  expect(s.token).toBe('tok-1');
  expect(s.info?.nickname).toBe('Fresh');
  expect(s.previousLoginTime).toBe(1795307874082);
  expect(sessionStorage.getItem('token')).toBe('tok-1');
  expect(calls).toEqual([{ method: 'GET', path: '/wps/member/info', auth: 'Bearer tok-1' }]);
  await vi.waitFor(() => expect(startSocket).toHaveBeenCalledWith('tok-1'));
});

test('the forced change-password modal is asked for after an expired password, only for username logins', async () => {
  serve({ 'GET /wps/member/info': () => ok(info) });
  const forced = vi.fn();
  const off = onForcedPasswordChange(forced);
  await establishSession(result({ passwordExpired: true }), { loginType: 'sms' });
  await establishSession(result({ passwordExpired: true }), { loginType: 'thirdParty' });
  expect(forced).not.toHaveBeenCalled();
  await establishSession(result({ passwordExpired: true }));
  expect(forced).toHaveBeenCalledTimes(1);
  off();
});

test('remember me keeps the username and the one-day session; a login without it forgets the session only', async () => {
  serve({ 'GET /wps/member/info': () => ok(info) });
  await establishSession(result(), { remember: true, username: 'Demo01' });
  expect(localStorage.getItem('rememberUsername')).toBe('Demo01');
  expect(JSON.parse(localStorage.getItem('rememberSession')!).token).toBe('tok-1');
  await establishSession(result({ token: 'tok-2' }), { loginType: 'thirdParty' });
  expect(localStorage.getItem('rememberUsername')).toBe('Demo01');
  expect(localStorage.getItem('rememberSession')).toBeNull();
});

test('logout calls DELETE /wps/session/logout, then clears the session but keeps merchant keys', async () => {
  const calls = serve({ 'GET /wps/member/info': () => ok(info), 'DELETE /wps/session/logout': () => ok(null) });
  await establishSession(result(), { remember: true });
  sessionStorage.setItem('merchantCode', 'PAL');
  await logout();
  expect(calls.at(-1)).toEqual({ method: 'DELETE', path: '/wps/session/logout', auth: 'Bearer tok-1' });
  expect(getSession().loggedIn).toBe(false);
  expect(getSession().info).toBeUndefined();
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(sessionStorage.getItem('merchantCode')).toBe('PAL');
  expect(localStorage.getItem('rememberSession')).toBeNull();
  expect(localStorage.getItem('rememberUsername')).toBe('demo01');
  await vi.waitFor(() => expect(stopSocket).toHaveBeenCalled());
});

test('logout still ends the local session when the server cannot be reached', async () => {
  serve({ 'GET /wps/member/info': () => ok(info) });
  await establishSession(result());
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
  await logout();
  expect(getSession().loggedIn).toBe(false);
  expect(sessionStorage.getItem('token')).toBeNull();
});

test('a stored token loads member info at startup; a dead token (401) makes the user a visitor', async () => {
  sessionStorage.setItem('token', 'stale');
  sessionStorage.setItem('isAgent', 'true');
  serve({ 'GET /wps/member/info': () => dead });
  startSession();
  expect(getSession()).toMatchObject({ loggedIn: true, isAgent: true, loading: true });
  await vi.waitFor(() => expect(getSession().loggedIn).toBe(false));
  expect(sessionStorage.getItem('token')).toBeNull();
});

test('a 401 from a failed login does not end an existing session', async () => {
  serve({
    'GET /wps/member/info': () => ok(info),
    'GET /wps/other': () => ({ status: 401, body: { success: false, code: 'auth.invalid_credentials', message: '', value: null } }),
  });
  await establishSession(result());
  startSession(); // registers the 401 handler
  await expect(apiGet('/wps/other')).rejects.toMatchObject({ code: 'auth.invalid_credentials' });
  expect(getSession().loggedIn).toBe(true);
});

test('a token in the address at startup becomes the session', async () => {
  history.replaceState(null, '', '/live?token=from-url&x=1');
  serve({ 'GET /wps/member/info': () => ok(info) });
  startSession();
  expect(location.search).toBe('?x=1');
  expect(getSession().token).toBe('from-url');
  await vi.waitFor(() => expect(getSession().info?.account).toBe('demo01'));
  history.replaceState(null, '', '/');
});
