// Where the session lives in the browser (spec sections 3 and 4): the token and
// the spec's keys in sessionStorage; merchant keys survive a logout. Remember
// me keeps the username and, to outlive a browser restart, the one-day token
// with its expiry in localStorage. A password is never stored (deviation from
// the spec's remember-password cookie, docs/accounts.md).
import type { LoginResult, UserInfo } from './types';
import { AGENT_TYPES, TRIAL_TYPES } from './types';

export const TOKEN_KEY = 'token';
/** The spec's session-storage keys (section 3). isTrial is ours: the trial flag before member info arrives. */
export const SESSION_KEYS = [
  'token',
  'nickname',
  'account',
  'username',
  'customerId',
  'isAgent',
  'isTrial',
  'merchant',
  'merchantCode',
  'enableSalary',
  'enableContract',
  'consolidated',
  'gameVendor',
  'validate',
  'merchantWallet',
  'HOT_GAMES',
] as const;
/** Kept across a logout (spec section 4: "restores merchant keys"). */
export const MERCHANT_KEYS = ['merchant', 'merchantCode'] as const;
/** localStorage: the remembered username (never the password). */
export const REMEMBER_USER_KEY = 'rememberUsername';
/** localStorage: {token, expiresAt} of a remember-me session. */
export const REMEMBER_SESSION_KEY = 'rememberSession';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type ClearableStore = Store & Pick<Storage, 'clear' | 'key' | 'length'>;
/** Session-storage keys that also survive a logout (app/modals/popupSession.ts). */
const KEEP_PREFIX = 'popupClosed:';

export function safeSession(): ClearableStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
export function safeLocal(): ClearableStore | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function get(s: Pick<Storage, 'getItem'> | undefined, k: string): string | null {
  try {
    return s?.getItem(k) ?? null;
  } catch {
    return null;
  }
}
function put(s: Store | undefined, k: string, v: string) {
  try {
    s?.setItem(k, v);
  } catch {
    /* storage full or blocked: the session lasts for this page only */
  }
}
function del(s: Store | undefined, k: string) {
  try {
    s?.removeItem(k);
  } catch {
    /* ignore */
  }
}

export function readToken(s: Pick<Storage, 'getItem'> | undefined = safeSession()): string | null {
  return get(s, TOKEN_KEY) || null;
}

/**
 * Moves a `?token=` of the first load into session storage and strips it from
 * the address (history.replaceState), so it never reaches logs, Referer
 * headers or bookmarks. Returns the token taken, if any.
 */
export function adoptQueryToken(
  loc: Pick<Location, 'search' | 'pathname' | 'hash'> = globalThis.location,
  hist: Pick<History, 'replaceState' | 'state'> | undefined = globalThis.history,
  s: Store | undefined = safeSession(),
): string | null {
  if (!loc) return null;
  const params = new URLSearchParams(loc.search);
  if (!params.has('token')) return null;
  const token = (params.get('token') ?? '').trim();
  params.delete('token');
  const qs = params.toString();
  try {
    hist?.replaceState(hist.state, '', `${loc.pathname}${qs ? `?${qs}` : ''}${loc.hash}`);
  } catch {
    /* ignore */
  }
  if (!token) return null;
  // A token handed over in the address replaces whatever this tab had.
  if (get(s, TOKEN_KEY) !== token) {
    for (const k of SESSION_KEYS) if (!(MERCHANT_KEYS as readonly string[]).includes(k)) del(s, k);
  }
  put(s, TOKEN_KEY, token);
  return token;
}

/** Puts a remembered, unexpired one-day session back into this tab when it has none. */
export function restoreRemembered(now = Date.now(), s: Store | undefined = safeSession(), l: Store | undefined = safeLocal()): string | null {
  if (readToken(s)) return null;
  const saved = readRememberedSession(l);
  if (!saved) return null;
  if (saved.expiresAt <= now) {
    del(l, REMEMBER_SESSION_KEY);
    return null;
  }
  put(s, TOKEN_KEY, saved.token);
  return saved.token;
}

export function readRememberedSession(l: Pick<Storage, 'getItem'> | undefined = safeLocal()): { token: string; expiresAt: number } | null {
  const raw = get(l, REMEMBER_SESSION_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { token?: unknown; expiresAt?: unknown };
    if (typeof v.token === 'string' && v.token && typeof v.expiresAt === 'number') return { token: v.token, expiresAt: v.expiresAt };
  } catch {
    /* corrupt entry */
  }
  return null;
}

export function rememberedUsername(l: Pick<Storage, 'getItem'> | undefined = safeLocal()): string {
  return get(l, REMEMBER_USER_KEY) ?? '';
}

/** Remember me on: keep the username and the one-day session; off: forget both. */
export function setRemember(on: boolean, username: string | undefined, session: { token: string; expiresAt: number } | undefined, l: Store | undefined = safeLocal()) {
  if (!on) {
    del(l, REMEMBER_USER_KEY);
    del(l, REMEMBER_SESSION_KEY);
    return;
  }
  if (username) put(l, REMEMBER_USER_KEY, username);
  if (session?.token) put(l, REMEMBER_SESSION_KEY, JSON.stringify({ token: session.token, expiresAt: session.expiresAt }));
}

/** Drops a remembered session (the username stays). */
export function forgetRememberedSession(l: Store | undefined = safeLocal()) {
  del(l, REMEMBER_SESSION_KEY);
}

/** Writes the member's keys after a login or an info load. */
export function writeInfo(info: UserInfo, s: Store | undefined = safeSession()) {
  put(s, 'nickname', info.nickname ?? '');
  put(s, 'account', info.account ?? '');
  put(s, 'username', info.username || info.account || '');
  put(s, 'customerId', String(info.id));
  put(s, 'isAgent', String(isAgentInfo(info)));
  put(s, 'isTrial', String(isTrialInfo(info)));
}

export function writeLogin(result: LoginResult, s: Store | undefined = safeSession()) {
  put(s, TOKEN_KEY, result.token);
  writeInfo(result.userInfo, s);
}

export function isAgentInfo(info: Pick<UserInfo, 'type' | 'isAgent'>): boolean {
  return info.isAgent || AGENT_TYPES.includes(info.type);
}
export function isTrialInfo(info: Pick<UserInfo, 'type' | 'isTrial'>): boolean {
  return info.isTrial || TRIAL_TYPES.includes(info.type);
}

/** The flags known before member info arrives (from the stored keys). */
export function storedFlags(s: Pick<Storage, 'getItem'> | undefined = safeSession()): { isAgent: boolean; isTrial: boolean } {
  return { isAgent: get(s, 'isAgent') === 'true', isTrial: get(s, 'isTrial') === 'true' };
}

/**
 * Logout and dead sessions (spec section 4): clear session storage, put the
 * merchant keys (and closed-popup records) back, and forget the remembered session (the username stays).
 */
export function clearStoredSession(s: ClearableStore | undefined = safeSession(), l: Store | undefined = safeLocal()) {
  const keep: [string, string][] = [];
  // Merchant keys (spec), and which announcement popups were closed in this
  // tab: a logout should not bring back a popup the user just dismissed.
  const names: string[] = [...MERCHANT_KEYS];
  try {
    for (let i = 0; s && i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(KEEP_PREFIX)) names.push(k);
    }
  } catch {
    /* ignore */
  }
  for (const k of names) {
    const v = get(s, k);
    if (v !== null) keep.push([k, v]);
  }
  try {
    s?.clear();
  } catch {
    for (const k of SESSION_KEYS) del(s, k);
  }
  for (const [k, v] of keep) put(s, k, v);
  del(l, REMEMBER_SESSION_KEY);
}
