// The account-form endpoints (docs/api.md, "Session and member"): registration,
// SMS codes, the invitation-code check, password change and the three resets.
// One function per call; the forms own their state, so no query cache here
// except the security read.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest, getApiLanguage, type Envelope } from '@/lib/api';
import { solveBotCheck } from '@/lib/botcheck';
import type { LoginResult } from '@/lib/session';

export type SmsCodeAnswer = { expiredMinutes: number };
export type MobileNumber = { countryDialingCode: string; mobileNum: string };

/** The registration body: the brand's field values plus what the client adds on submit (spec section 3). */
export type RegisterBody = Record<string, string | boolean | undefined> & {
  registerUrl: string;
  domain: string;
  registerMethod: 'WEB';
  login: true;
  botcheck: string;
};

/** SMS code for mobile registration (POST /wps/verification/sms/register; `mobileNo` in the body). */
export async function sendRegisterCode(m: MobileNumber): Promise<SmsCodeAnswer> {
  const botcheck = await solveBotCheck();
  return apiRequest<SmsCodeAnswer>('POST', '/wps/verification/sms/register', {
    body: { mobileNo: m.mobileNum, countryDialingCode: m.countryDialingCode, botcheck },
  });
}

/** SMS code for a login or a reset by phone (POST /wps/verification/sms/noLogin). */
export async function sendNoLoginCode(m: MobileNumber): Promise<SmsCodeAnswer> {
  const botcheck = await solveBotCheck();
  return apiRequest<SmsCodeAnswer>('POST', '/wps/verification/sms/noLogin', {
    body: { mobileNo: m.mobileNum, countryDialingCode: m.countryDialingCode, botcheck },
  });
}

/** GET /wps/agent/affiliate: resolves when the invitation code belongs to an active agent, else throws account.affiliate_invalid. */
export async function checkAffiliate(code: string, domain: string): Promise<void> {
  const v = await apiGet<{ valid: boolean }>('/wps/agent/affiliate', { code, domain });
  if (!v?.valid) throw new ApiError('account.affiliate_invalid', 'Invalid invitation code', 400);
}

export function register(body: RegisterBody, byMobile: boolean): Promise<LoginResult> {
  return apiRequest<LoginResult>('PUT', byMobile ? '/wps/member/register/mobile' : '/wps/member/register', { body });
}

/**
 * POST /wps/member/password/email is a form post (spec section 7). The answer
 * is the same whether or not username and e-mail match (no enumeration).
 */
export async function requestResetMail(username: string, email: string): Promise<void> {
  const body = new URLSearchParams({ username, email });
  let res: Response;
  try {
    res = await fetch('/wps/member/password/email', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'X-Lang': getApiLanguage() },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network.offline', 'Network link is abnormal', 0);
  }
  let env: Envelope<null> | undefined;
  try {
    env = (await res.json()) as Envelope<null>;
  } catch {
    throw new ApiError(res.ok ? 'server.bad_response' : 'server.internal', res.statusText, res.status);
  }
  if (!res.ok || !env.success) throw new ApiError(env?.code || 'server.internal', env?.message || res.statusText, res.status);
}

/** POST /wps/member/password/verification: new password with an SMS code; answers a login. */
export function resetByPhone(body: MobileNumber & { verificationCode: string; newPassword: string; confirmNewPassword: string }): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/wps/member/password/verification', { body });
}

/** POST /wps/member/password/reset: new password with the e-mailed token. */
export function resetByToken(body: { resetToken: string; newPassword: string; confirmNewPassword: string }): Promise<void> {
  return apiRequest<void>('POST', '/wps/member/password/reset', { body });
}

export type ChangePasswordBody = { oldPassword: string; newPassword: string; confirmNewPassword: string; verificationCode?: string };

/** POST /wps/member/password (T). */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiRequest<void>('POST', '/wps/member/password', { body });
}

/** POST /wps/member/password/code (T): the code a change needs under CHNGPASSVERIF3. */
export function sendChangePasswordCode(): Promise<SmsCodeAnswer & { maskedTarget?: string }> {
  return apiRequest('POST', '/wps/member/password/code', { body: {} });
}

export type Security = { changePasswordNeedsCode?: boolean; mobileBound?: boolean; mobileNum?: string; emailBound?: boolean; email?: string };

/** GET /wps/member/security (T): only whether a password change needs a code is read here. */
export const securityQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['member', 'security', token ?? ''] as const,
    queryFn: ({ signal }) => apiGet<Security>('/wps/member/security', undefined, signal),
    enabled: !!token,
    staleTime: 30_000,
    retry: false,
  });
