// The envelope every Palaro endpoint answers ({success, code, message, value};
// internal/platform/httpx) and the one error type the apps translate as
// errors.<code>. Shared by the storefront and the console; no app state here.

export type Envelope<T> = { success: boolean; code: string; message: string; value: T; params?: Record<string, unknown> };

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** A failure's values (a limit, a tier number) for the translated message. */
  readonly params?: Record<string, unknown>;
  constructor(code: string, message: string, status: number, params?: Record<string, unknown>) {
    super(message || code);
    this.code = code;
    this.status = status;
    this.params = params;
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

/** path?k=v for the set parameters (undefined, null and "" are left out). */
export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The value of a success envelope; anything else throws ApiError with the server's code (or server.*). */
export async function unwrap<T>(res: Response): Promise<T> {
  let env: Envelope<T> | undefined;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.ok ? 'server.bad_response' : 'server.internal', res.statusText, res.status);
  }
  if (!res.ok || !env.success) throw new ApiError(env?.code || 'server.internal', env?.message || res.statusText, res.status, env?.params);
  return env.value;
}

/** What a failed fetch (no answer at all) becomes. */
export const offlineError = () => new ApiError('network.offline', 'Network link is abnormal', 0);

/** The error's stable code: an ApiError's, or a `code` string property of any object. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  if (error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string') return (error as { code: string }).code;
  return undefined;
}
