// Window-mode launches: the window is opened blank on the click (popup
// blockers allow only that), then sent to the game when the launch answers,
// or closed when it fails. An IFRAME answer closes a window opened for nothing.

export type Outcome = 'iframe' | 'window' | 'blocked';

type Opener = (url: string, target: string) => Window | null;

/** Shows the launch answer: navigates the pre-opened window, or opens one (may be blocked). */
export function deliver(answer: { url: string; mode: string }, win: Window | null, open: Opener): Outcome {
  if (answer.mode !== 'WINDOW') {
    closeQuietly(win);
    return 'iframe';
  }
  if (win && !win.closed) {
    try {
      win.opener = null;
    } catch {
      /* cross-origin already: fine */
    }
    win.location.href = answer.url;
    return 'window';
  }
  let opened: Window | null = null;
  try {
    opened = open(answer.url, '_blank');
  } catch {
    opened = null;
  }
  return opened ? 'window' : 'blocked';
}

export function closeQuietly(win: Window | null | undefined) {
  try {
    if (win && !win.closed) win.close();
  } catch {
    /* ignore */
  }
}

/** What a launch error means for the screen. */
export type Block = 'login' | 'realAccount' | 'maintenance' | 'error';

export function blockFor(err: unknown): Block {
  const code = err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : '';
  const status = err && typeof err === 'object' && 'status' in err ? Number((err as { status: unknown }).status) : 0;
  if (code === 'auth.real_account_required') return 'realAccount';
  if (code === 'launch.maintenance') return 'maintenance';
  if (status === 401 || code === 'auth.token_required' || code === 'auth.session_expired') return 'login';
  return 'error';
}
