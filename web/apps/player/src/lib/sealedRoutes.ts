// Which calls are sealed (docs/sealed-payloads.md). Kept apart from sealed.ts
// so the API client can tell without loading the crypto code, which only the
// login, registration and password calls need.
/** The E routes (keep in step with sealed.Routes in Go). */
export const SEALED_ROUTES: ReadonlySet<string> = new Set([
  'POST /wps/session/login',
  'PUT /wps/member/register',
  'PUT /wps/member/register/mobile',
  'POST /wps/member/password',
  'POST /wps/member/password/verification',
  'POST /wps/session/login/verify',
  'POST /wps/oauth/exchange',
  'POST /wps/oauth/link',
  'POST /wps/points/redeem',
  'POST /wps/points/convert',
]);

/**
 * Routes that send a sealed random string in a header instead (the free-play
 * login: "header with encrypted random string, gateway version 3"); their
 * answer comes back sealed. Keep in step with sealed.NonceRoutes.
 */
export const NONCE_ROUTES: ReadonlySet<string> = new Set(['POST /wps/session/login/freeplay']);

/** True when `method url` is an E route or a nonce route: apiRequest then loads sealed.ts. */
export function needsSealing(method: string, url: string): boolean {
  const path = new URL(url, globalThis.location?.href ?? 'http://localhost/').pathname;
  const route = `${method.toUpperCase()} ${path}`;
  return SEALED_ROUTES.has(route) || NONCE_ROUTES.has(route);
}
