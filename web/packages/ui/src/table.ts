// Client-side sort, filter and pagination for DataTable (pure, tested).

export type SortDir = 'asc' | 'desc';
export type Sort = { key: string; dir: SortDir } | null;
export type SortValue = string | number | bigint | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1; // blanks last either way
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'string' || typeof b === 'string') return collator.compare(String(a), String(b));
  return a < b ? -1 : 1;
}

/** A stable sort by the column's sort value; blanks stay last in both directions. */
export function sortRows<T>(rows: readonly T[], value: ((row: T) => SortValue) | undefined, dir: SortDir): T[] {
  if (!value) return [...rows];
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((x, y) => {
      const blankX = x.v === null || x.v === undefined || x.v === '';
      const blankY = y.v === null || y.v === undefined || y.v === '';
      if (blankX !== blankY) return blankX ? 1 : -1;
      const c = compare(x.v, y.v);
      return (dir === 'asc' ? c : -c) || x.i - y.i;
    })
    .map((x) => x.row);
}

/** Rows where any of the texts contains every word of the query (case-insensitive). */
export function filterRows<T>(rows: readonly T[], query: string, text: (row: T) => string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const t = text(r).toLowerCase();
    return words.every((w) => t.includes(w));
  });
}

/** One page (1-based) and the page count; a page past the end shows the last. */
export function paginate<T>(rows: readonly T[], page: number, pageSize: number): { rows: T[]; page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const p = Math.min(Math.max(1, page), totalPages);
  return { rows: rows.slice((p - 1) * pageSize, p * pageSize), page: p, totalPages };
}

/** The next sort when a header is pressed: ascending, descending, then none. */
export function nextSort(current: Sort, key: string): Sort {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}
