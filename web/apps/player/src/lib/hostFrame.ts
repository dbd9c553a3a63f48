// A page inside the game popup's iframe (the Palaro Originals frame) asks the
// storefront around it to show one of its routes: the storefront closes the
// game and navigates, in the same tab, where the member's per-tab session
// lives. Only same-origin messages naming an in-app path are honoured.

export const HOST_NAVIGATE = 'palaro:navigate';

export type HostNavigate = { type: typeof HOST_NAVIGATE; to: string };

export function isInAppPath(to: unknown): to is string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\');
}

/** From inside our own frame: asks the parent page; otherwise navigates this page. */
export function navigateHost(to: string, navigate: (to: string) => void, win: Window = window): void {
  if (win.parent && win.parent !== win) {
    try {
      // Throws for a parent of another origin: then this page navigates itself.
      if (win.parent.location.origin === win.location.origin) {
        const msg: HostNavigate = { type: HOST_NAVIGATE, to };
        win.parent.postMessage(msg, win.location.origin);
        return;
      }
    } catch {
      /* cross-origin parent */
    }
  }
  navigate(to);
}

/** The storefront's side: the path a message asks for, or null when it is not ours to honour. */
export function hostNavigateTarget(e: Pick<MessageEvent, 'origin' | 'data'>, origin: string): string | null {
  if (e.origin !== origin) return null;
  const d = e.data as Partial<HostNavigate> | null;
  if (!d || typeof d !== 'object' || d.type !== HOST_NAVIGATE || !isInAppPath(d.to)) return null;
  return d.to;
}
