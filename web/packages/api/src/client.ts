// A request client over the envelope for an app that keeps its own session:
// the app passes how to read the token and the language, and what a dead
// session means. Nothing is stored here.
import { ApiError, buildUrl, offlineError, unwrap, type QueryParams } from './envelope';

export type ClientOptions = {
  /** The session token to send as Bearer, or null. */
  token: () => string | null;
  /** The user's language, sent as X-Lang. */
  language?: () => string;
  /** Called when a request made with a token answers 401 with one of these codes. */
  onUnauthorized?: (code: string) => void;
  unauthorizedCodes?: ReadonlySet<string>;
  fetch?: typeof fetch;
};

export type RequestOptions = {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Money-moving requests: sent as Idempotency-Key (see SubmissionKeys). */
  idempotencyKey?: string;
};

export type Client = {
  request<T>(method: string, path: string, opts?: RequestOptions): Promise<T>;
  get<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** A raw response (a file download) with the same headers; errors still throw ApiError. */
  raw(method: string, path: string, opts?: RequestOptions): Promise<Response>;
};

export function createClient(o: ClientOptions): Client {
  const send = async (method: string, path: string, opts: RequestOptions = {}): Promise<[Response, string | null]> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const lang = o.language?.();
    if (lang) headers['X-Lang'] = lang;
    const token = o.token();
    if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    try {
      const res = await (o.fetch ?? fetch)(buildUrl(path, opts.params), { method, headers, body, signal: opts.signal, credentials: 'same-origin' });
      return [res, token];
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      throw offlineError();
    }
  };
  const deadSession = (e: unknown, token: string | null) => {
    if (e instanceof ApiError && e.status === 401 && token && o.unauthorizedCodes?.has(e.code) && o.token() === token) o.onUnauthorized?.(e.code);
  };
  const request = async <T,>(method: string, path: string, opts?: RequestOptions): Promise<T> => {
    const [res, token] = await send(method, path, opts);
    try {
      return await unwrap<T>(res);
    } catch (e) {
      deadSession(e, token);
      throw e;
    }
  };
  return {
    request,
    get: (path, params, signal) => request('GET', path, { params, signal }),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    async raw(method, path, opts) {
      const [res, token] = await send(method, path, opts);
      if (res.ok) return res;
      try {
        await unwrap(res);
      } catch (e) {
        deadSession(e, token);
        throw e;
      }
      throw new ApiError('server.internal', res.statusText, res.status);
    },
  };
}
