// The server's answer after a Google or Facebook login comes back in the
// address fragment (never a token: a one-time code or a ticket), so it never
// reaches a server log or a Referer. This reads it and takes it out of the
// address bar at once.

export type OAuthReturn =
  | { kind: 'login'; code: string }
  | { kind: 'link'; ticket: string; provider: string }
  | { kind: 'error'; reason: OAuthErrorReason };

export type OAuthErrorReason = 'cancelled' | 'failed' | 'disabled' | 'unavailable' | 'busy';

const REASONS: readonly OAuthErrorReason[] = ['cancelled', 'failed', 'disabled', 'unavailable', 'busy'];
const OPAQUE = /^[A-Za-z0-9_-]{16,64}$/;
const PROVIDER = /^[a-z][a-z0-9]{1,15}$/;

/** Reads `#oauth=`, `#oauthLink=…&provider=` or `#oauthError=`; anything else is null. */
export function parseOAuthHash(hash: string): OAuthReturn | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const code = p.get('oauth');
  if (code !== null) return OPAQUE.test(code) ? { kind: 'login', code } : { kind: 'error', reason: 'failed' };
  const ticket = p.get('oauthLink');
  if (ticket !== null) {
    const provider = p.get('provider') ?? '';
    return OPAQUE.test(ticket) && PROVIDER.test(provider) ? { kind: 'link', ticket, provider } : { kind: 'error', reason: 'failed' };
  }
  const reason = p.get('oauthError');
  if (reason !== null) return { kind: 'error', reason: (REASONS as readonly string[]).includes(reason) ? (reason as OAuthErrorReason) : 'failed' };
  return null;
}

/** Removes the fragment from the address without a navigation or a history entry. */
export function stripHash(loc: Pick<Location, 'pathname' | 'search'> = window.location, history: Pick<History, 'replaceState' | 'state'> = window.history) {
  history.replaceState(history.state, '', loc.pathname + loc.search);
}

/** The provider's display name (brand names are not translated). */
export function providerName(id: string): string {
  if (id === 'google') return 'Google';
  if (id === 'facebook') return 'Facebook';
  return id.charAt(0).toUpperCase() + id.slice(1);
}
