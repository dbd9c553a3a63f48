// The e-mailed reset link is <site>/?resetToken=<token> (internal/account,
// docs/api.md). The loaders below take the token out of the address at once
// (kept in memory for the reset page only, so it stays out of history,
// bookmarks and Referer headers) and show /resetPassword: the home page with
// the set-a-new-password popup.
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';

export const RESET_PATH = '/resetPassword';

let pending = '';

/** The reset token of a URL's query, if any. */
export function resetTokenOf(url: string): string {
  try {
    return (new URL(url, 'http://x').searchParams.get('resetToken') ?? '').trim();
  } catch {
    return '';
  }
}

/** The token the last reset link carried ('' when none); read by the reset page. */
export function pendingResetToken(): string {
  return pending;
}

/** Forgets the token (after it was used, or the popup closed). */
export function clearResetToken() {
  pending = '';
}

/** Moves a ?resetToken= into memory and redirects to the clean reset page; undefined when there is none. */
function takeToken(url: string): Response | undefined {
  const token = resetTokenOf(url);
  if (!token) return undefined;
  pending = token;
  return redirect(RESET_PATH);
}

/** Wraps the home route: a visit carrying ?resetToken= goes to the reset page. */
export function withResetToken(route: RouteObject): RouteObject {
  const inner = route.loader;
  return {
    ...route,
    loader: (args: LoaderFunctionArgs) => {
      const r = takeToken(args.request.url);
      if (r) throw r;
      return typeof inner === 'function' ? inner(args) : null;
    },
  };
}

/** The reset page's own loader: /resetPassword?resetToken= also drops the token from the address. */
export function resetRouteLoader(preload: () => Promise<null>) {
  return (args: LoaderFunctionArgs) => {
    const r = takeToken(args.request.url);
    if (r) throw r;
    return preload();
  };
}
