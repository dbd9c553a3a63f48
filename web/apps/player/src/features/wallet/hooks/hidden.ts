// Show or hide the balance: one choice for every balance on the page, kept in
// localStorage ('balanceHidden' = '1') and followed across tabs.
import { useSyncExternalStore } from 'react';

export const BALANCE_HIDDEN_KEY = 'balanceHidden';
const listeners = new Set<() => void>();
/** Used when localStorage is unavailable (private mode): the choice lasts for this page only. */
let memory: boolean | undefined;

function read(): boolean {
  try {
    return localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function setBalanceHidden(hidden: boolean) {
  try {
    localStorage.setItem(BALANCE_HIDDEN_KEY, hidden ? '1' : '0');
  } catch {
    memory = hidden;
  }
  for (const l of listeners) l();
}

const snapshot = () => memory ?? read();

function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => e.key === BALANCE_HIDDEN_KEY && l();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

export function useBalanceHidden(): [boolean, () => void] {
  const hidden = useSyncExternalStore(subscribe, snapshot, () => false);
  return [hidden, () => setBalanceHidden(!snapshot())];
}
