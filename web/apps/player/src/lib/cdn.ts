// Images and game launches go through a CDN base picked at random from the
// brand's lists (spec section 7). The pick is made once per page load.

const picked = new Map<string, string>();

export function pickBase(kind: 'image' | 'launch', list: string[] | undefined, random: () => number = Math.random): string {
  const key = kind + ':' + (list ?? []).join('|');
  const hit = picked.get(key);
  if (hit !== undefined) return hit;
  const bases = (list ?? []).filter((b) => typeof b === 'string');
  const base = bases.length ? bases[Math.floor(random() * bases.length) % bases.length] : '';
  picked.set(key, base.replace(/\/+$/, ''));
  return picked.get(key)!;
}

/**
 * The base for above-the-fold images (the home banners): always the first CDN
 * of the list, so the first banner's URL is known before the app runs and
 * index.html can preload it (the LCP image). Everything else uses pickBase.
 */
export function firstBase(list: string[] | undefined): string {
  const first = (list ?? []).find((b) => typeof b === 'string');
  return (first ?? '').replace(/\/+$/, '');
}

/** Joins a CDN base and an asset path; absolute URLs pass through. */
export function cdnUrl(base: string, path: string | undefined | null): string {
  if (!path) return '';
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  return base + (path.startsWith('/') ? path : '/' + path);
}

export function resetCdnPicks() {
  picked.clear();
}
