// The operator's session token: kept in sessionStorage (this tab only, gone
// when the browser closes), handed to the API client, and watched by the app
// so a dead session sends the operator back to sign-in.
import { useSyncExternalStore } from 'react';

const KEY = 'palaro.console.token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(KEY) || null;
  } catch {
    return null;
  }
}

let token = read();

export function getToken(): string | null {
  return token;
}

export function setToken(next: string | null): void {
  token = next;
  try {
    if (next) sessionStorage.setItem(KEY, next);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the session lasts as long as the page
  }
  for (const l of listeners) l();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}
