// Third-party login calls (docs/api.md, "Third-party login"). Start is a
// navigation, not a fetch: the browser goes to the provider and comes back.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import type { LoginResult } from '@/lib/session';

export type OAuthProvider = { id: string; kind: 'oidc' | 'facebook' };

/** GET /wps/oauth/providers: the providers this brand can run. */
export const providersQuery = () =>
  queryOptions({
    queryKey: ['oauth', 'providers'] as const,
    queryFn: ({ signal }) => apiGet<{ providers: OAuthProvider[] }>('/wps/oauth/providers', undefined, signal).then((v) => v.providers ?? []),
    staleTime: 5 * 60_000,
  });

export const useOAuthProviders = () => useQuery(providersQuery());

/** Where the button sends the browser; returnTo is where it comes back (a same-site path). */
export function startUrl(provider: string, returnTo: string): string {
  return `/wps/oauth/${encodeURIComponent(provider)}/start?returnTo=${encodeURIComponent(returnTo)}`;
}

/** POST /wps/oauth/exchange: the one-time code of a linked login for a session. */
export function exchangeCode(code: string): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/wps/oauth/exchange', { body: { code } });
}

export type LinkBody = { ticket: string; username: string; password: string; botcheck: string; captcha?: string; captchaKey?: string };

/** POST /wps/oauth/link: log in to an existing account and link it (permanent). */
export function linkAccount(body: LinkBody, signal?: AbortSignal): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/wps/oauth/link', { body, signal });
}

/**
 * POST /wps/oauth/register: a new account linked to the provider account; a
 * referral link's code (the page's ?referralCode= or ?ref=, kept through the
 * provider's round trip in returnTo) refers it as a form registration does.
 */
export function registerWithProvider(ticket: string, codes: { affiliateCode?: string; referralCode?: string } = {}): Promise<LoginResult> {
  const body: Record<string, string> = { ticket };
  if (codes.affiliateCode) body.affiliateCode = codes.affiliateCode;
  if (codes.referralCode) body.referralCode = codes.referralCode;
  return apiRequest<LoginResult>('POST', '/wps/oauth/register', { body });
}

/** The referral code of the page the provider sent the browser back to. */
export function pageReferralCode(search: string = globalThis.location?.search ?? ''): string {
  try {
    const q = new URLSearchParams(search);
    return (q.get('referralCode') ?? q.get('ref') ?? '').trim().slice(0, 32);
  } catch {
    return '';
  }
}
