// The member session lives in sessionStorage (spec section 3). Accounts arrive
// in a later issue; until then the guard is real and every visitor is logged out.
import { redirect } from 'react-router';
import { paths } from '@/lib/paths';

export const TOKEN_KEY = 'token';

export function sessionToken(storage: Pick<Storage, 'getItem'> | undefined = safeSessionStorage()): string | null {
  try {
    return storage?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/** Route loader for pages that need a member: no token, go to /login. */
export function requireSessionLoader() {
  if (!sessionToken()) throw redirect(paths.login);
  return null;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
