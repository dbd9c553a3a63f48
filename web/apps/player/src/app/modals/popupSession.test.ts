import { ANONYMOUS_POPUP_KEY, popupClosedKey, recordPopupClosed, shouldAutoShowPopup } from './popupSession';

beforeEach(() => sessionStorage.clear());

test('shows when there are popups and it was not closed in this session', () => {
  expect(shouldAutoShowPopup(2, sessionStorage)).toBe(true);
});

test('never shows without popups', () => {
  expect(shouldAutoShowPopup(0, sessionStorage)).toBe(false);
});

test('closing records it under the anonymous key for visitors; then it stays closed', () => {
  recordPopupClosed(sessionStorage);
  expect(sessionStorage.getItem(ANONYMOUS_POPUP_KEY)).toBe('1');
  expect(shouldAutoShowPopup(2, sessionStorage)).toBe(false);
});

test('a member has their own key, independent of the visitor one', () => {
  recordPopupClosed(sessionStorage);
  expect(popupClosedKey('maria')).not.toBe(ANONYMOUS_POPUP_KEY);
  expect(shouldAutoShowPopup(1, sessionStorage, 'maria')).toBe(true);
  recordPopupClosed(sessionStorage, 'maria');
  expect(shouldAutoShowPopup(1, sessionStorage, 'maria')).toBe(false);
});

test('a new session (empty storage) shows it again', () => {
  recordPopupClosed(sessionStorage);
  sessionStorage.clear();
  expect(shouldAutoShowPopup(1, sessionStorage)).toBe(true);
});
