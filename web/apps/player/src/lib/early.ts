// Requests index.html starts before any module has loaded (the status call and
// the visitor's announcements), so they travel in parallel with the JavaScript
// instead of after it. The API client takes a response over once, by exact
// URL; whatever is not taken within the boot window is left alone.

type Early = { at: number; req: Record<string, Promise<Response> | undefined> };

/** How long after the page started an early response may still be used. */
export const EARLY_WINDOW_MS = 30_000;

function early(): Early | undefined {
  return (globalThis as { __palaroEarly?: Early }).__palaroEarly;
}

/** The early response for `url` (path and query exactly as the API client builds it), at most once. */
export function takeEarly(url: string, now: number = Date.now()): Promise<Response> | undefined {
  const e = early();
  const p = e?.req?.[url];
  if (!e || !p) return undefined;
  delete e.req[url];
  return now - e.at <= EARLY_WINDOW_MS ? p : undefined;
}
