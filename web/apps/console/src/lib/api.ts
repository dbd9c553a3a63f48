// The console's one API client (@palaro/api) with the operator's token and
// language. A 401 that means the token is dead ends the session here.
import { createClient } from '@palaro/api/src/client';
import { currentLanguage } from './language';
import { getToken, setToken } from './session';

export const DEAD_SESSION_CODES = new Set(['auth.token_required', 'operator.session_expired']);

export const api = createClient({
  token: getToken,
  language: currentLanguage,
  unauthorizedCodes: DEAD_SESSION_CODES,
  onUnauthorized: () => setToken(null),
});
