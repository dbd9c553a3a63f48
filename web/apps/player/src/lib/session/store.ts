// The session store: one module-level state read with useSyncExternalStore, so
// plain functions (establishSession, logout) and every component agree. The
// token itself lives in sessionStorage (storage.ts), which lib/api reads for
// the Authorization header.
import { useSyncExternalStore } from 'react';
import { ApiError, apiGet, apiRequest, setUnauthorizedHandler } from '@/lib/api';
import {
  adoptQueryToken,
  clearStoredSession,
  forgetRememberedSession,
  isAgentInfo,
  isTrialInfo,
  readToken,
  restoreRemembered,
  setRemember,
  storedFlags,
  writeInfo,
  writeLogin,
} from './storage';
import type { LoginResult, LoginType, Session, UserInfo } from './types';

export type SessionSnapshot = Session & {
  /** Member info is loading for a token found at startup. */
  loading: boolean;
  /** This login is the account's first (announcement popups with execution F). */
  firstTimeLogin: boolean;
  /** The login before this one (Unix ms), shown briefly after logging in. */
  previousLoginTime: number | null;
  /** Bumped on every login, so effects can tell one login from the next. */
  loginSeq: number;
  /**
   * Why the last session ended when the player did not log out themselves and
   * should be told (a session time limit, a time-out or self-exclusion they
   * just took): the code, and the end of the block when there is one.
   */
  ended?: SessionEnd;
};

export type SessionEnd = { code: string; until?: number };

const VISITOR: SessionSnapshot = {
  loggedIn: false,
  isTrial: false,
  isAgent: false,
  loading: false,
  firstTimeLogin: false,
  previousLoginTime: null,
  loginSeq: 0,
};

let state: SessionSnapshot = VISITOR;
const listeners = new Set<() => void>();
const forcedListeners = new Set<() => void>();
let started = false;
let infoRequest: AbortController | undefined;

function set(next: SessionSnapshot) {
  state = next;
  for (const l of listeners) l();
}

export function subscribeSession(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export function getSession(): SessionSnapshot {
  return state;
}

/** The current session; re-renders on login, logout and member info. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The forced change-password modal subscribes here (UiActionsProvider). */
export function onForcedPasswordChange(l: () => void): () => void {
  forcedListeners.add(l);
  return () => forcedListeners.delete(l);
}

function withInfo(base: SessionSnapshot, info: UserInfo): SessionSnapshot {
  return { ...base, info, isAgent: isAgentInfo(info), isTrial: isTrialInfo(info), loading: false };
}

/**
 * Startup (before the first render): a `?token=` moves into session storage,
 * a remembered one-day session comes back, and with a token the member info
 * loads in the background; a dead token (401) makes the user a visitor.
 */
/**
 * The websocket client, loaded only for a member (visitors never download it).
 * Calls chain on one promise, so a stop queued after a start runs after it.
 */
let socketModule: Promise<typeof import('@/lib/socket')> | undefined;
function socket() {
  socketModule ??= import('@/lib/socket').then((m) => {
    // The server closed the socket because the session ended (logout elsewhere,
    // password changed on another device, expiry): ask once, a 401 ends it here.
    m.subscribe('sessionEnded', () => void refreshMemberInfo());
    return m;
  });
  return socketModule;
}

export function startSession() {
  if (started) return;
  started = true;
  setUnauthorizedHandler(expireSession);
  adoptQueryToken();
  restoreRemembered();
  const token = readToken();
  if (!token) return;
  set({ ...VISITOR, loggedIn: true, token, ...storedFlags(), loading: true });
  void refreshMemberInfo();
  void socket().then((m) => m.startSocket(token));
}

/** Reloads GET /wps/member/info (after a login, a password change, a profile edit). */
export async function refreshMemberInfo(): Promise<UserInfo | undefined> {
  const token = state.token;
  if (!token) return undefined;
  infoRequest?.abort();
  const ctl = new AbortController();
  infoRequest = ctl;
  try {
    const info = await apiGet<UserInfo>('/wps/member/info', undefined, ctl.signal);
    if (state.token !== token) return undefined;
    writeInfo(info);
    set(withInfo(state, info));
    return info;
  } catch (e) {
    if ((e as Error).name === 'AbortError') return undefined;
    // 401 already ended the session (expireSession); other failures keep it.
    if (state.token === token) set({ ...state, loading: false });
    return undefined;
  } finally {
    if (infoRequest === ctl) infoRequest = undefined;
  }
}

export type EstablishOptions = {
  /** true: keep the username and the one-day session; false: forget both; undefined: leave the username. */
  remember?: boolean;
  loginType?: LoginType;
  /** The name typed at login (remembered instead of the account when given). */
  username?: string;
};

/**
 * After a successful login, registration, free play or reset by phone: stores
 * the token and the spec's keys, loads member info, and opens the forced
 * change-password modal when the password expired (username logins only).
 */
export async function establishSession(result: LoginResult, opts: EstablishOptions = {}): Promise<void> {
  if (!result?.token) throw new ApiError('server.bad_response', 'no token', 200);
  const loginType = opts.loginType ?? 'username';
  writeLogin(result);
  if (opts.remember) setRemember(true, opts.username || result.userInfo.username || result.userInfo.account, { token: result.token, expiresAt: result.expiresAt });
  else if (opts.remember === false) setRemember(false, undefined, undefined);
  else forgetRememberedSession(); // keeps a remembered username, never an older session
  infoRequest?.abort();
  set(
    withInfo(
      {
        ...VISITOR,
        loggedIn: true,
        token: result.token,
        firstTimeLogin: !!result.firstTimeLogin,
        previousLoginTime: result.previousLoginTime ?? null,
        loginSeq: state.loginSeq + 1,
      },
      result.userInfo,
    ),
  );
  void socket().then((m) => m.startSocket(result.token));
  await refreshMemberInfo();
  if (result.passwordExpired && loginType === 'username') for (const l of forcedListeners) l();
}

function toVisitor(ended?: SessionEnd) {
  infoRequest?.abort();
  void socketModule?.then((m) => m.stopSocket());
  clearStoredSession();
  set({ ...VISITOR, loginSeq: state.loginSeq, ended });
}

/** Codes that end a session for a reason the player is told (responsible gaming). */
const TOLD_END_CODES = new Set(['rg.session_limit', 'rg.timeout', 'rg.self_excluded']);

/** Logs out: DELETE /wps/session/logout, then the browser forgets the session whatever the answer. */
export async function logout(): Promise<void> {
  if (state.token) {
    try {
      await apiRequest('DELETE', '/wps/session/logout');
    } catch {
      /* an expired session or a network error: still log out locally */
    }
  }
  toVisitor();
}

/** A request answered 401 with a dead token: the user is a visitor again. */
export function expireSession(code?: string) {
  if (state.token || readToken()) toVisitor(code && TOLD_END_CODES.has(code) ? { code } : undefined);
}

/**
 * The server has already ended the session (a time-out or self-exclusion the
 * player just took, or the session time limit): forget it here and remember why,
 * so the shell can say so. The logout call still runs; its answer does not matter.
 */
export async function endSession(end: SessionEnd): Promise<void> {
  if (state.token) {
    try {
      await apiRequest('DELETE', '/wps/session/logout');
    } catch {
      /* the session is already over on the server */
    }
  }
  toVisitor(end);
}

/** The player has read why the session ended. */
export function clearSessionEnd() {
  if (state.ended) set({ ...state, ended: undefined });
}

/** Tests only. */
export function resetSessionForTests() {
  started = false;
  forcedListeners.clear();
  state = VISITOR;
}
