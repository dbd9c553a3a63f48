// Intent prefetch for the visitor's dialogs: a pointer over, a touch on or the
// focus of a Login or Register control starts loading the dialog's chunk and
// the auth strings, so the click opens it promptly. Not on idle: nothing of
// theirs loads with the home page (bench/README.md: home page initial JS).
import type { i18n } from 'i18next';

const chunks = {
  login: () => import('./LoginModal'),
  register: () => import('./RegisterModal'),
} as const;

export type PrefetchedDialog = keyof typeof chunks;

const started = new Set<PrefetchedDialog>();

export function prefetchDialog(name: PrefetchedDialog, i18n?: Pick<i18n, 'loadNamespaces'>) {
  if (started.has(name)) return;
  started.add(name);
  void chunks[name]().catch(() => started.delete(name));
  void i18n?.loadNamespaces(['auth', 'errors']).catch(() => undefined);
}

/** Event props for a control that opens the dialog. */
export function prefetchOnIntent(name: PrefetchedDialog, i18n?: Pick<i18n, 'loadNamespaces'>) {
  const go = () => prefetchDialog(name, i18n);
  return { onPointerEnter: go, onTouchStart: go, onFocus: go };
}
