// The one HTTP client for the storefront. Every Palaro endpoint answers the
// envelope {success, code, message, value}; this unwraps value or throws ApiError
// whose code the UI translates as errors.<code>.
import { takeEarly } from './early';
import { needsSealing } from './sealedRoutes';
import { ApiError, buildUrl, type Envelope, type QueryParams } from '@palaro/api/src/envelope';

export { ApiError, buildUrl, type Envelope, type QueryParams } from '@palaro/api/src/envelope';


let currentLanguage = 'TY';
/** The i18n layer keeps this in step so every request carries the user's language. */
export function setApiLanguage(lang: string) {
  currentLanguage = lang;
}
export function getApiLanguage() {
  return currentLanguage;
}

/** The session token (lib/session keeps it in sessionStorage under "token"). */
function sessionToken(): string | null {
  try {
    return globalThis.sessionStorage?.getItem('token') || null;
  } catch {
    return null;
  }
}

let onUnauthorized: ((code: string) => void) | undefined;
/** lib/session registers what a dead session means (clear it; the user is a visitor), told which code ended it. */
export function setUnauthorizedHandler(fn: ((code: string) => void) | undefined) {
  onUnauthorized = fn;
}
/**
 * 401 codes that mean the token sent is not (or no longer) a session; a failed login is not one of them.
 * rg.session_limit: the player's own session time limit is over (docs/responsible-gaming.md).
 */
const DEAD_SESSION_CODES = new Set(['auth.session_expired', 'auth.token_required', 'rg.session_limit']);

export async function apiRequest<T>(
  method: string,
  path: string,
  opts: { params?: QueryParams; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Lang': currentLanguage, ...opts.headers };
  const token = sessionToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    // Multipart (file uploads): the browser sets the boundary in Content-Type.
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  const url = buildUrl(path, opts.params);
  try {
    // index.html may already have started this GET (src/lib/early.ts).
    const early = method === 'GET' && body === undefined ? takeEarly(url) : undefined;
    const send = needsSealing(method, url) ? (await import('./sealed')).sealedFetch : fetch;
    res = await (early ?? send(url, { method, headers, body, signal: opts.signal, credentials: 'same-origin' }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('network.offline', 'Network link is abnormal', 0);
  }
  // The envelope read inline rather than through @palaro/api's unwrap: the
  // home page's budget counts every byte of this chunk.
  let env: Envelope<T> | undefined;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.ok ? 'server.bad_response' : 'server.internal', res.statusText, res.status);
  }
  if (!res.ok || !env.success) {
    if (res.status === 401 && token && DEAD_SESSION_CODES.has(env?.code) && sessionToken() === token) onUnauthorized?.(env.code);
    throw new ApiError(env?.code || 'server.internal', env?.message || res.statusText, res.status, env?.params);
  }
  return env.value;
}

export const apiGet = <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
  apiRequest<T>('GET', path, { params, signal });
