// The storefront layout: header, side menu (mini mode persisted; a drawer on
// phones; hidden on lottery and seamless pages), the page, footer and the
// phone bottom navigation.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { useSession } from '@/lib/session';
import { useAfterFirstPaint } from '@/lib/motion';
import { isSideMenuCollapsedPath } from '@/lib/paths';
import { BottomNav } from './BottomNav';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';
import s from './AppLayout.module.css';

export const SIDE_MINI_KEY = 'sideMenuMini';

// Responsible gaming across the session (reality checks, the session time
// limit, withdrawal-only sessions): its own chunk, fetched only for a real session.
const RgShell = lazy(() => import('@/features/rg/components/RgShell'));

/** True from the first moment a real (not trial) session exists, and from then on: the shell also tells a player why a session ended. */
function useRgShell(): boolean {
  const session = useSession();
  const want = (session.loggedIn && !session.isTrial) || !!session.ended;
  const [on, setOn] = useState(want);
  if (want && !on) setOn(true);
  return on || want;
}

function readMini(): boolean {
  try {
    return localStorage.getItem(SIDE_MINI_KEY) === '1';
  } catch {
    return false;
  }
}

export function AppLayout() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [mini, setMini] = useState(readMini);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hideSide = isSideMenuCollapsedPath(pathname);
  const footer = useAfterFirstPaint();
  const rg = useRgShell();

  const toggleMini = useCallback(() => {
    setMini((m) => {
      try {
        localStorage.setItem(SIDE_MINI_KEY, m ? '0' : '1');
      } catch {
        /* ignore */
      }
      return !m;
    });
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!phone) setDrawerOpen(false);
  }, [phone]);

  return (
    <div className={s.shell} data-side={hideSide ? 'hidden' : mini ? 'mini' : 'full'}>
      <a href="#main" className={s.skip}>
        {t('layout:skipToContent')}
      </a>
      <Header onOpenDrawer={() => setDrawerOpen(true)} drawerOpen={drawerOpen} />
      {(!hideSide || phone) && <SideMenu mini={mini} onToggleMini={toggleMini} phone={phone} drawerOpen={drawerOpen} onCloseDrawer={closeDrawer} />}
      <div className={s.content}>
        <main id="main" className={s.main} tabIndex={-1}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        {/* Below the fold: rendered right after the first paint, in its own task. */}
        {footer && <Footer />}
      </div>
      <BottomNav onGames={() => setDrawerOpen((o) => !o)} gamesOpen={drawerOpen} />
      {rg && (
        <Suspense fallback={null}>
          <RgShell />
        </Suspense>
      )}
    </div>
  );
}

function PageFallback() {
  return (
    <div className={s.fallback} aria-busy="true">
      <Skeleton height={280} radius="card" />
      <div className={s.fallbackRow}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} aspectRatio="1 / 1" radius="card" />
        ))}
      </div>
    </div>
  );
}
