// Cross-feature actions (open a modal, ask a visitor to log in, launch a game).
// Features call these through context; the app shell (src/app) provides the
// implementation, so features never import each other.
import { createContext, useContext } from 'react';

export type LaunchTarget = {
  nodeId?: number;
  vassalage: string;
  gameType: string;
  gameCode?: string;
  isGame?: string;
  launchMode?: string;
  name?: string;
  /** Launched from the header (drop-down or single-vendor item): new-style launch for some categories (spec section 2). */
  header?: boolean;
};

export type UiActions = {
  /** Notice modal (player notices), expanded at index. */
  openNotice(index?: number): void;
  /** Announcement popup (publicModal). */
  openAnnouncements(): void;
  /** Help modal, optionally at a section key such as "term". */
  openHelp(section?: string): void;
  openLogin(): void;
  openRegister(): void;
  /** True when a member session exists; otherwise tells the visitor they are not logged in and offers login. */
  requireLogin(): boolean;
  /** Starts a game or vendor (visitors get the login prompt). */
  launch(target: LaunchTarget): void;
  /** Forgot-password popup (forgetPassModal): e-mail and mobile tabs. */
  openForgotPassword(): void;
  /** Change-password modal (changePassModal); forced after a default or expired password. */
  openChangePassword(opts?: { forced?: boolean }): void;
  /** Feedback and complaints modal. */
  openFeedback(): void;
  /** Logout confirmation; logs out on confirm. */
  confirmLogout(): void;
  /** True for a real (non-trial) member; a trial user gets the 'need a real account' dialog, a visitor the login prompt. */
  requireRealAccount(): boolean;
};

const noop = () => {};
export const UiActionsContext = createContext<UiActions>({
  openNotice: noop,
  openAnnouncements: noop,
  openHelp: noop,
  openLogin: noop,
  openRegister: noop,
  requireLogin: () => false,
  launch: noop,
  openForgotPassword: noop,
  openChangePassword: noop,
  openFeedback: noop,
  confirmLogout: noop,
  requireRealAccount: () => false,
});

export function useUiActions(): UiActions {
  return useContext(UiActionsContext);
}

export type SessionState = { loggedIn: boolean; isTrial: boolean; isAgent: boolean };
export const SessionContext = createContext<SessionState>({ loggedIn: false, isTrial: false, isAgent: false });
export function useSessionState(): SessionState {
  return useContext(SessionContext);
}
