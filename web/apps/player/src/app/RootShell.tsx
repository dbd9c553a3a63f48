// The router's root: hides the boot cover after the first navigation, keeps
// scroll behaviour (top on a new route, hash target on a hash), shows a thin
// progress bar while a page chunk loads, and provides the session and UI
// actions (modals) to every page.
import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { OAuthReturn } from '@/features/auth/oauth/OAuthReturn';
import { useSession } from '@/lib/session';
import { SessionContext, type SessionState } from '@/lib/ui-actions';
import { hideCover } from './cover';
import { UiActionsProvider } from './modals/UiActionsProvider';
import s from './RootShell.module.css';

export function RootShell() {
  useEffect(() => hideCover(), []);
  const session = useSession();
  const state = useMemo<SessionState>(
    () => ({ loggedIn: session.loggedIn, isTrial: session.isTrial, isAgent: session.isAgent }),
    [session.loggedIn, session.isTrial, session.isAgent],
  );
  return (
    <SessionContext.Provider value={state}>
      <UiActionsProvider>
        <ScrollManager />
        <NavigationProgress />
        <OAuthReturn />
        <Outlet />
      </UiActionsProvider>
    </SessionContext.Provider>
  );
}

/** Scrolls to top when the route (not its hash or query) changes; scrolls to #id targets. */
export function ScrollManager() {
  const location = useLocation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  const prevRoute = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (prevRoute.current !== undefined && prevRoute.current !== routeId) window.scrollTo({ top: 0, left: 0 });
    prevRoute.current = routeId;
  }, [routeId]);

  useEffect(() => {
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!id) return;
    // Pages render their targets after data arrives: look for a short while.
    let tries = 0;
    let raf = 0;
    const find = () => {
      const el = document.getElementById(id);
      if (el) {
        el.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
        return;
      }
      if (++tries < 60) raf = window.setTimeout(find, 50);
    };
    find();
    return () => clearTimeout(raf);
  }, [location.hash, location.pathname]);

  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return <div className={s.progress} data-active={busy || undefined} aria-hidden="true" />;
}
