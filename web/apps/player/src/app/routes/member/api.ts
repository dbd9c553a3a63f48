// Security centre calls (docs/api.md "Security centre"): the member's security
// summary, the avatar, and binding a mobile number or an e-mail with a code
// sent to the new target.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { solveBotCheck } from '@/lib/botcheck';

/** GET /wps/member/security (T). Bound values arrive masked. */
export type Security = {
  account: string;
  nickname: string;
  mobileBound: boolean;
  mobileNum: string;
  countryDialingCode: string;
  emailBound: boolean;
  email: string;
  passwordChangedTime: number | null;
  lastLoginTime: number | null;
  lastLoginIp: string;
  changePasswordNeedsCode: boolean;
};

export const securityQuery = () =>
  queryOptions({
    queryKey: ['member', 'security'] as const,
    queryFn: ({ signal }) => apiGet<Security>('/wps/member/security', undefined, signal),
  });

export type Avatar = { icon: string; custom: boolean };

export const avatarQuery = () =>
  queryOptions({
    queryKey: ['member', 'icon'] as const,
    queryFn: ({ signal }) => apiGet<Avatar>('/wps/member/info/icon', undefined, signal),
    staleTime: 5 * 60_000,
  });

export type CodeSent = { expiredMinutes: number };

export async function sendMobileCode(countryDialingCode: string, mobileNum: string): Promise<CodeSent> {
  const botcheck = await solveBotCheck();
  return apiRequest<CodeSent>('POST', '/wps/member/bind/mobile/code', { body: { countryDialingCode, mobileNum, botcheck } });
}

export function bindMobile(countryDialingCode: string, mobileNum: string, verificationCode: string): Promise<Security> {
  return apiRequest<Security>('PUT', '/wps/member/bind/mobile', { body: { countryDialingCode, mobileNum, verificationCode } });
}

export async function sendEmailCode(email: string): Promise<CodeSent> {
  const botcheck = await solveBotCheck();
  return apiRequest<CodeSent>('POST', '/wps/member/bind/email/code', { body: { email, botcheck } });
}

export function bindEmail(email: string, verificationCode: string): Promise<Security> {
  return apiRequest<Security>('PUT', '/wps/member/bind/email', { body: { email, verificationCode } });
}

/** Shape checks before a code is requested (the server checks again). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DIAL_RE = /^\d{1,4}$/;
export const MOBILE_RE = /^\d{6,15}$/;
export const CODE_RE = /^\d{6}$/;

export function cleanDigits(v: string): string {
  return v.replace(/[\s-]/g, '').replace(/^\+/, '');
}
