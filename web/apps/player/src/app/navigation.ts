import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions, type To } from 'react-router';

type Loc = { pathname: string; search: string; hash: string };

function resolve(current: Loc, to: To): Loc {
  if (typeof to === 'string') {
    const u = new URL(to, 'http://x' + current.pathname + current.search);
    return { pathname: u.pathname, search: u.search, hash: u.hash };
  }
  return { pathname: to.pathname ?? current.pathname, search: to.search ?? (to.pathname ? '' : current.search), hash: to.hash ?? '' };
}

const norm = (l: Loc) => `${l.pathname}${l.search === '?' ? '' : l.search}${l.hash === '#' ? '' : l.hash}`;

/** Same path, search and hash: a navigation there is a duplicate. */
export function isSameLocation(current: Loc, to: To): boolean {
  return norm(current) === norm(resolve(current, to));
}

/** navigate() that ignores a navigation to the location already shown (spec section 2). */
export function useAppNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: To, opts?: NavigateOptions) => {
      if (isSameLocation(location, to)) return;
      void navigate(to, opts);
    },
    [navigate, location],
  );
}
