// The member session lives in sessionStorage (spec section 3); the store and
// its rules are in lib/session. Importing this module (the router does,
// before boot renders) starts the session: a `?token=` in the address moves
// into storage and leaves the URL before anything else reads it.
import { redirect } from 'react-router';
import { startSession } from '@/lib/session';
import { readToken, TOKEN_KEY } from '@/lib/session/storage';
import { paths } from '@/lib/paths';

export { TOKEN_KEY };

startSession();

export function sessionToken(storage?: Pick<Storage, 'getItem'>): string | null {
  return readToken(storage);
}

/** Route loader for pages that need a member: no token, go to /login. */
export function requireSessionLoader() {
  if (!sessionToken()) throw redirect(paths.login);
  return null;
}
