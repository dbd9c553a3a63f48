import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 768px)';

// One MediaQueryList per query: matchMedia() is not cheap, and the snapshot is
// read on every render of every component using the hook.
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList | undefined {
  if (typeof matchMedia !== 'function') return undefined;
  let m = lists.get(query);
  if (!m) {
    m = matchMedia(query);
    lists.set(query, m);
  }
  return m;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = mediaList(query);
      if (!m) return () => {};
      m.addEventListener('change', cb);
      return () => m.removeEventListener('change', cb);
    },
    () => !!mediaList(query)?.matches,
    () => false,
  );
}
