// The login calls (docs/api.md, "Session and member") and the form's
// validation. Kept apart from the modal so they can be tested and reused by
// the agent landing (/agent).
import { apiRequest } from '@/lib/api';
import { solveBotCheck } from '@/lib/botcheck';
import type { LoginAnswer, LoginResult } from './types';

export type UsernameLogin = {
  type: 'username';
  username: string;
  password: string;
  captcha?: string;
  captchaKey?: string;
  rememberMe: boolean;
  agentLogin?: boolean;
};
export type SmsLogin = { type: 'sms'; username: string; password: string; countryDialingCode: string; rememberMe: boolean };

/**
 * POST /wps/session/login. Username logins solve the bot check first
 * (onVerifying tells the form to show its 'verifying' state); SMS logins skip
 * it (spec section 4: the code already proves the phone).
 */
export async function login(
  body: UsernameLogin | SmsLogin,
  opts: { signal?: AbortSignal; onVerifying?: (on: boolean) => void; botcheck?: BotcheckPrefetch } = {},
): Promise<LoginAnswer> {
  if (body.type === 'sms') return apiRequest<LoginAnswer>('POST', '/wps/session/login', { body, signal: opts.signal });
  const attempt = async (fresh: boolean) => {
    opts.onVerifying?.(true);
    let botcheck: string;
    try {
      botcheck = !fresh && opts.botcheck ? await opts.botcheck.take() : await solveBotCheck(opts.signal);
    } finally {
      opts.onVerifying?.(false);
    }
    return apiRequest<LoginAnswer>('POST', '/wps/session/login', { body: { ...body, botcheck }, signal: opts.signal });
  };
  try {
    return await attempt(false);
  } catch (e) {
    // A solution prepared long ago may have expired: solve a fresh one once.
    if (opts.botcheck && (e as { code?: string }).code === 'auth.botcheck_invalid') return attempt(true);
    throw e;
  } finally {
    opts.botcheck?.warm();
  }
}

/** Bot-check solutions stay valid this long on the server (5 min); we use them for less. */
const PREFETCH_MAX_AGE_MS = 4 * 60_000;

/**
 * Solves the bot check ahead of time (when the form opens or gets focus), so
 * that submitting rarely waits for it. Each solution is used once.
 */
export type BotcheckPrefetch = { warm(): void; take(): Promise<string>; cancel(): void };
export function createBotcheckPrefetch(solve: (signal?: AbortSignal) => Promise<string> = solveBotCheck, now: () => number = Date.now): BotcheckPrefetch {
  let pending: { p: Promise<string>; at: number; ctl: AbortController } | undefined;
  const start = () => {
    const ctl = new AbortController();
    const p = solve(ctl.signal);
    p.catch(() => undefined); // a failed prefetch is retried by take()
    pending = { p, at: now(), ctl };
    return pending;
  };
  return {
    warm() {
      if (!pending || now() - pending.at > PREFETCH_MAX_AGE_MS) start();
    },
    async take() {
      const cur = pending && now() - pending.at <= PREFETCH_MAX_AGE_MS ? pending : start();
      pending = undefined;
      try {
        return await cur.p;
      } catch {
        return solve();
      }
    },
    cancel() {
      pending?.ctl.abort();
      pending = undefined;
    },
  };
}

/** The new-IP step: the code sent to the member's phone or e-mail. */
export function verifyLogin(verifyTicket: string, verificationCode: string): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/wps/session/login/verify', { body: { verifyTicket, verificationCode } });
}
export function resendLoginCode(verifyTicket: string): Promise<{ expiredMinutes: number }> {
  return apiRequest<{ expiredMinutes: number }>('POST', '/wps/session/login/verify/resend', { body: { verifyTicket } });
}

/** A trial account (FREEPLAY3): POST /wps/session/login/freeplay. */
export function startFreeplay(): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/wps/session/login/freeplay', { body: { os: clientOs(), platform: 'W' } });
}

function clientOs(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/android/i.test(ua)) return 'android';
  if (/iphone|ipad|ipod/i.test(ua)) return 'ios';
  return 'web';
}

export type LoginForm = {
  mode: 'username' | 'sms';
  username: string;
  password: string;
  mobile: string;
  code: string;
  captchaShown: boolean;
  captcha: string;
};
export type LoginFormErrors = Partial<Record<'username' | 'password' | 'mobile' | 'code' | 'captcha', string>>;
/** Message keys (auth/layout namespaces) per field. */
export const LOGIN_MESSAGES = {
  username: 'layout:auth.usernameRequired',
  password: 'layout:auth.passwordRequired',
  mobile: 'auth:login.mobileRequired',
  code: 'auth:login.codeRequired',
  captcha: 'auth:login.captchaRequired',
} as const;

/** Spec section 5: username, password, captcha (when shown), mobile and code required; fields trimmed. */
export function validateLogin(f: LoginForm, t: (key: string) => string): LoginFormErrors {
  const e: LoginFormErrors = {};
  if (f.mode === 'username') {
    if (!f.username.trim()) e.username = t(LOGIN_MESSAGES.username);
    if (!f.password.trim()) e.password = t(LOGIN_MESSAGES.password);
    if (f.captchaShown && !f.captcha.trim()) e.captcha = t(LOGIN_MESSAGES.captcha);
  } else {
    if (!/^\d{5,15}$/.test(f.mobile.trim())) e.mobile = t(LOGIN_MESSAGES.mobile);
    if (!/^\d{4,8}$/.test(f.code.trim())) e.code = t(LOGIN_MESSAGES.code);
  }
  return e;
}

/** Failures after which the captcha field shows (or stays, with a new image). */
export function needsCaptcha(code: string | undefined): boolean {
  return code === 'auth.captcha_required' || code === 'auth.captcha_invalid';
}

/**
 * What the header's login form hands to the login popup when it cannot finish
 * on its own: the server asked for a captcha, or a new-IP code step.
 */
export type LoginHandoff = { username: string; captcha?: boolean; verify?: import('./types').VerifyRequired; error?: string };
let handoff: LoginHandoff | null = null;
export function handOffLogin(h: LoginHandoff) {
  handoff = h;
}
/** The login popup takes it once, when it opens. */
export function takeLoginHandoff(): LoginHandoff | null {
  const h = handoff;
  handoff = null;
  return h;
}
