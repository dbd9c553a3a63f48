// The announcement popup shows once per session until closed (spec section 4):
// closing is recorded in sessionStorage under the member's key, or an
// anonymous key for visitors, so a reload in the same tab does not show it again
// while a new session does.

export const POPUP_CLOSED_PREFIX = 'popupClosed:';
export const ANONYMOUS_POPUP_KEY = `${POPUP_CLOSED_PREFIX}anonymous`;

export function popupClosedKey(user?: string | null): string {
  return user ? `${POPUP_CLOSED_PREFIX}${user}` : ANONYMOUS_POPUP_KEY;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function shouldAutoShowPopup(popupCount: number, storage: Store | undefined, user?: string | null): boolean {
  if (popupCount <= 0) return false;
  try {
    return storage?.getItem(popupClosedKey(user)) !== '1';
  } catch {
    return true;
  }
}

export function recordPopupClosed(storage: Store | undefined, user?: string | null) {
  try {
    storage?.setItem(popupClosedKey(user), '1');
  } catch {
    /* storage unavailable: it may show again on reload */
  }
}
