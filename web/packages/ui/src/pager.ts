// Which page buttons a pager shows (spec section 9: margin 1, range 5).
// `margin` pages are always kept at each end, a window of `range` pages is kept
// around the current page, and skipped runs become one gap. A gap that would
// hide a single page shows that page instead.

export type PagerItem = number | 'gap';

export const PAGER_MARGIN = 1;
export const PAGER_RANGE = 5;

export function pagerItems(current: number, total: number, margin = PAGER_MARGIN, range = PAGER_RANGE): PagerItem[] {
  const n = Math.max(0, Math.floor(total));
  if (n === 0) return [];
  const cur = Math.min(Math.max(1, Math.floor(current)), n);
  if (n <= range + 2 * margin) return Array.from({ length: n }, (_, i) => i + 1);

  const before = Math.floor((range - 1) / 2);
  let start = cur - before;
  let end = start + range - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > n) {
    start -= end - n;
    end = n;
  }
  const keep = (p: number) => p <= margin || p > n - margin || (p >= start && p <= end);

  const out: PagerItem[] = [];
  for (let p = 1; p <= n; p++) {
    if (keep(p)) {
      out.push(p);
    } else if (!keep(p - 1) && p > 1) {
      continue; // already inside a gap
    } else if (!keep(p + 1) || p + 1 > n) {
      out.push('gap');
    } else {
      out.push(p); // a gap of one page: show the page itself
    }
  }
  return out;
}
