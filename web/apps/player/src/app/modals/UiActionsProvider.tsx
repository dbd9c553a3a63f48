// Implements the cross-feature UI actions (src/lib/ui-actions) for the whole
// app: which modal is open, the visitor's login prompts, and game launches.
// Every modal is a lazy chunk loaded the first time it opens.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { announcementsQuery } from '@/features/content/api/announcements';
import { logout, onForcedPasswordChange, refreshMemberInfo, useSession } from '@/lib/session';
import { UiActionsContext, type LaunchTarget, type UiActions } from '@/lib/ui-actions';
import { hostNavigateTarget } from '@/lib/hostFrame';
import { isAgentPagePath, paths } from '@/lib/paths';
import { useAppNavigate } from '../navigation';
import { recordPopupClosed, shouldAutoShowPopup } from './popupSession';

const AnnouncementsModal = lazy(() => import('./AnnouncementsModal'));
const NoticeModal = lazy(() => import('./NoticeModal'));
const HelpModal = lazy(() => import('./HelpModal'));
const LoginModal = lazy(() => import('./LoginModal'));
const RegisterModal = lazy(() => import('./RegisterModal'));
const NotLoggedInDialog = lazy(() => import('./NotLoggedInDialog'));
const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal'));
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));
const FeedbackModal = lazy(() => import('./FeedbackModal'));
const LogoutDialog = lazy(() => import('./LogoutDialog'));
const TrialBlockDialog = lazy(() => import('./TrialBlockDialog'));
const GameLauncher = lazy(() => import('../game/GameLauncher'));
const WelcomeToast = lazy(() => import('@/app/modals/WelcomeToast'));

type Open = {
  announcements: boolean;
  notice: number | null;
  help: string | null; // section key, '' for the default section, null when closed
  login: boolean;
  register: boolean;
  notLoggedIn: boolean;
  forgot: boolean;
  /** null when closed; otherwise whether the change is forced. */
  changePassword: { forced: boolean } | null;
  feedback: boolean;
  logout: boolean;
  trialBlock: boolean;
  /** A game launch in progress or on screen (src/app/game, loaded on the first launch). */
  game: GameRequest | null;
};
export type GameRequest = { seq: number; target: LaunchTarget; win: Window | null };
let gameSeq = 0;
const CLOSED: Open = {
  announcements: false,
  notice: null,
  help: null,
  login: false,
  register: false,
  notLoggedIn: false,
  forgot: false,
  changePassword: null,
  feedback: false,
  logout: false,
  trialBlock: false,
  game: null,
};

/**
 * Another of the shell's dialogs is open, or a game is launching or on screen.
 * The announcement popup waits for them: opened on top of a launch in flight it
 * would end up under the dialog the launch opens (the game, the real-account or
 * login prompt), so a player's Escape or close would dismiss the wrong one.
 */
const otherDialogOpen = (o: Open) => Object.entries(o).some(([k, v]) => k !== 'announcements' && v != null && v !== false);

/** A lazy modal's own Suspense boundary. */
function Own({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** Keeps a lazy modal mounted after its first opening so it can fade out. */
function useEverOpened(open: boolean) {
  const ever = useRef(false);
  if (open) ever.current = true;
  return ever.current;
}

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** Runs `fn` after the window's load event and the next idle period (at most ~1 s later); returns a cancel. */
export function afterLoadIdle(fn: () => void): () => void {
  let cancelled = false;
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => !cancelled && fn(), { timeout: 1000 });
    else timer = setTimeout(() => !cancelled && fn(), 200);
  };
  const loaded = typeof document === 'undefined' || document.readyState === 'complete';
  if (loaded) run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

export function UiActionsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(CLOSED);
  const session = useSession();
  const { i18n } = useTranslation();
  const language = (i18n.language || 'TY').toUpperCase();
  const navigate = useAppNavigate();
  const location = useLocation();
  // Logged-in users see execution A, a player F on the account's first login
  // (the login answer's firstTimeLogin); visitors B (spec section 4). The agent
  // pages show no announcement popup at all.
  const execution = session.loggedIn ? (session.firstTimeLogin && !session.isAgent && !session.isTrial ? 'F' : 'A') : 'B';
  const onAgentPage = isAgentPagePath(location.pathname);
  const announcements = useQuery({ ...announcementsQuery(language, execution), enabled: !onAgentPage });
  const popupCount = announcements.data?.popup?.length ?? 0;
  // Closing is recorded per member (or anonymously); a login shows the member's popups again.
  const popupUser = session.loggedIn ? session.info?.account || 'member' : null;
  const popupRound = `${popupUser ?? ''}:${execution}:${session.loginSeq}`;
  const autoShown = useRef<string | null>(null);
  const [welcome, setWelcome] = useState<number>(0);

  // Announcement popup: once per session until closed (spec section 4). It opens
  // once the page has loaded and gone idle, so its chunk and first render stay
  // out of the first paint, and never over another dialog or a game launch
  // (otherDialogOpen): it waits until they close. A login (or logout) starts a new round.
  const busy = otherDialogOpen(open);
  useEffect(() => {
    if (onAgentPage || autoShown.current === popupRound || !announcements.data || (session.loggedIn && !session.info) || busy) return;
    if (!shouldAutoShowPopup(popupCount, storage(), popupUser)) {
      autoShown.current = popupRound;
      return;
    }
    return afterLoadIdle(() => {
      setOpen((o) => {
        // A dialog opened in this very tick: this effect runs again when it closes.
        if (otherDialogOpen(o)) return o;
        autoShown.current = popupRound;
        return { ...o, announcements: true };
      });
    });
  }, [announcements.data, popupCount, popupRound, popupUser, session.loggedIn, session.info, busy, onAgentPage]);

  const set = useCallback((patch: Partial<Open>) => setOpen((o) => ({ ...o, ...patch })), []);

  // The game frame asks for a page of the storefront (customer service): the game closes and the page opens in this tab.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const to = hostNavigateTarget(e, window.location.origin);
      if (!to) return;
      set({ game: null });
      navigate(to);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [set, navigate]);

  // A default or expired password: the forced change-password modal (establishSession asks).
  useEffect(() => onForcedPasswordChange(() => set({ changePassword: { forced: true }, login: false })), [set]);
  // A greeting with the previous login time after each login in this tab.
  const seenSeq = useRef(session.loginSeq);
  useEffect(() => {
    if (session.loginSeq > seenSeq.current && session.loggedIn) setWelcome(session.loginSeq);
    seenSeq.current = session.loginSeq;
    if (!session.loggedIn) setWelcome(0);
  }, [session.loginSeq, session.loggedIn]);

  const actions = useMemo<UiActions>(() => {
    const promptLogin = () => set({ notLoggedIn: true });
    return {
      openNotice: (index = 0) => set({ notice: index }),
      openAnnouncements: () => set({ announcements: true }),
      openHelp: (section) => set({ help: section ?? '' }),
      openLogin: () => set({ login: true, register: false, notLoggedIn: false, forgot: false }),
      openRegister: () => set({ register: true, login: false, notLoggedIn: false, forgot: false }),
      openForgotPassword: () => set({ forgot: true, login: false, register: false }),
      openChangePassword: (opts) => set({ changePassword: { forced: !!opts?.forced } }),
      openFeedback: () => set({ feedback: true }),
      confirmLogout: () => set({ logout: true }),
      requireRealAccount: () => {
        if (!session.loggedIn) {
          promptLogin();
          return false;
        }
        if (session.isTrial) {
          set({ trialBlock: true });
          return false;
        }
        return true;
      },
      requireLogin: () => {
        if (session.loggedIn) return true;
        promptLogin();
        return false;
      },
      launch: (target: LaunchTarget) => {
        if (!session.loggedIn) {
          promptLogin();
          return;
        }
        // The routing (lottery pages, vendor game lists) and the launch live in the lazy
        // src/app/game; a window-mode vendor's window opens here, on the click itself
        // (popup blockers allow nothing later), and is sent to the game or closed there.
        const win = target.launchMode?.toLowerCase() === 'window' && !target.isGame ? window.open('', '_blank') : null;
        const game = { seq: ++gameSeq, target, win };
        setOpen((o) => {
          // The popup opened in the very frame of the click, before it was painted: it gives way
          // to the game and comes back once the game closes (the player has not seen it).
          if (o.announcements) autoShown.current = null;
          return { ...o, announcements: false, game };
        });
      },
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- navigate is listed so the actions follow the router
  }, [session.loggedIn, session.isTrial, set, navigate]);

  const confirmLogout = useCallback(async () => {
    await logout();
    setOpen(CLOSED);
    navigate(paths.home);
  }, [navigate]);

  const closeAnnouncements = useCallback(() => {
    recordPopupClosed(storage(), popupUser);
    set({ announcements: false });
  }, [set, popupUser]);

  const closeHelp = useCallback(() => {
    set({ help: null });
    if (location.pathname.toLowerCase() === paths.help()) navigate(paths.home, { replace: true });
  }, [set, location.pathname, navigate]);

  const closeRegister = useCallback(() => {
    set({ register: false });
    if (location.pathname.toLowerCase() === paths.register) navigate(paths.home, { replace: true });
  }, [set, location.pathname, navigate]);

  const closeWelcome = useCallback(() => setWelcome(0), []);

  const changeHelpSection = useCallback(
    (key: string) => {
      set({ help: key });
      if (location.pathname.toLowerCase() === paths.help()) navigate(paths.help(key), { replace: true });
    },
    [set, location.pathname, navigate],
  );

  const openPromotion = useCallback(
    (to: string) => {
      closeAnnouncements();
      navigate(to);
    },
    [closeAnnouncements, navigate],
  );

  const ever = {
    announcements: useEverOpened(open.announcements),
    notice: useEverOpened(open.notice !== null),
    help: useEverOpened(open.help !== null),
    login: useEverOpened(open.login),
    register: useEverOpened(open.register),
    notLoggedIn: useEverOpened(open.notLoggedIn),
    forgot: useEverOpened(open.forgot),
    changePassword: useEverOpened(open.changePassword !== null),
    feedback: useEverOpened(open.feedback),
    logout: useEverOpened(open.logout),
    trialBlock: useEverOpened(open.trialBlock),
    game: useEverOpened(open.game !== null),
  };

  return (
    <UiActionsContext.Provider value={actions}>
      {children}
      {/* A boundary per modal: a modal whose chunk is still loading never suspends one already on screen. */}
      {ever.announcements && (
        <Own>
          <AnnouncementsModal open={open.announcements} popups={announcements.data?.popup ?? []} onClose={closeAnnouncements} onNavigate={openPromotion} />
        </Own>
      )}
      {ever.notice && (
        <Own>
          <NoticeModal open={open.notice !== null} index={open.notice ?? 0} notices={announcements.data?.player ?? []} onClose={() => set({ notice: null })} />
        </Own>
      )}
      {ever.help && (
        <Own>
          <HelpModal open={open.help !== null} section={open.help || undefined} onSectionChange={changeHelpSection} onClose={closeHelp} />
        </Own>
      )}
      {ever.login && (
        <Own>
          <LoginModal open={open.login} onClose={() => set({ login: false })} onRegister={actions.openRegister} onForgotPassword={actions.openForgotPassword} />
        </Own>
      )}
      {ever.register && (
        <Own>
          <RegisterModal open={open.register} onClose={closeRegister} onLogin={actions.openLogin} />
        </Own>
      )}
      {ever.forgot && (
        <Own>
          <ForgotPasswordModal open={open.forgot} onClose={() => set({ forgot: false })} onLogin={actions.openLogin} />
        </Own>
      )}
      {ever.changePassword && (
        <Own>
          <ChangePasswordModal
            open={open.changePassword !== null}
            forced={open.changePassword?.forced ?? false}
            onClose={() => set({ changePassword: null })}
            onChanged={() => {
              // Spec section 4: login info reloads, the modal closes, go to /
              // (an agent who changed it on the agent landing goes on to /agentHome).
              set({ changePassword: null });
              void refreshMemberInfo();
              const onAgentPage = location.pathname.toLowerCase() === paths.agent.toLowerCase();
              navigate(onAgentPage && session.isAgent ? paths.agentHome : paths.home);
            }}
          />
        </Own>
      )}
      {ever.feedback && (
        <Own>
          <FeedbackModal open={open.feedback} onClose={() => set({ feedback: false })} />
        </Own>
      )}
      {ever.logout && (
        <Own>
          <LogoutDialog open={open.logout} onClose={() => set({ logout: false })} onConfirm={confirmLogout} />
        </Own>
      )}
      {ever.trialBlock && (
        <Own>
          <TrialBlockDialog open={open.trialBlock} onClose={() => set({ trialBlock: false })} />
        </Own>
      )}
      {ever.game && (
        <Own>
          <GameLauncher request={open.game} set={set} launch={actions.launch} navigate={navigate} />
        </Own>
      )}
      {welcome > 0 && session.loggedIn && (
        <Own>
          <WelcomeToast
            key={welcome}
            name={session.info?.nickname || session.info?.account || ''}
            previousLoginTime={session.previousLoginTime}
            firstTimeLogin={session.firstTimeLogin}
            onDone={closeWelcome}
          />
        </Own>
      )}
      {ever.notLoggedIn && (
        <Own>
          <NotLoggedInDialog open={open.notLoggedIn} onClose={() => set({ notLoggedIn: false })} onLogin={actions.openLogin} />
        </Own>
      )}
    </UiActionsContext.Provider>
  );
}
