// A dense data table: a real <table> with a caption, sortable column headers
// (buttons inside <th aria-sort>), an optional filter box and a pager. Sort,
// filter and page are controlled (the app keeps them, e.g. in the URL) or,
// when left out, kept here; `manual` leaves sorting and paging to the server.
import { useMemo, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Pager, type PagerLabels } from './Pager';
import { filterRows, nextSort, paginate, sortRows, type Sort, type SortValue } from './table';
import s from './DataTable.module.css';

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable. */
  sortValue?: (row: T) => SortValue;
  /** Text the filter box searches. */
  filterText?: (row: T) => string;
  align?: 'start' | 'end';
  /** Keeps the cell on one line (ids, dates, amounts). */
  nowrap?: boolean;
};

export type DataTableLabels = {
  /** Accessible name of a sort button, given the column's header text. */
  sortBy: (column: string) => string;
  filter?: string;
  pager: PagerLabels;
};

export type DataTableProps<T> = {
  caption: ReactNode;
  hideCaption?: boolean;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  labels: DataTableLabels;
  sort?: Sort;
  onSortChange?: (sort: Sort) => void;
  /** Shows the filter box over the columns' filterText. */
  filterable?: boolean;
  filter?: string;
  onFilterChange?: (q: string) => void;
  /** Client-side pages of this size (when not manual). */
  pageSize?: number;
  page?: number;
  onPageChange?: (page: number) => void;
  /** Server-side: rows are one page already; totalPages comes from the server. */
  manual?: { totalPages: number };
  /** Shown instead of the body when there are no rows. */
  empty?: ReactNode;
  /** Expanded content under a row (e.g. a diff), spanning all columns. */
  detail?: (row: T) => ReactNode;
  busy?: boolean;
  className?: string;
};

export function DataTable<T>(p: DataTableProps<T>) {
  const [ownSort, setOwnSort] = useState<Sort>(null);
  const [ownFilter, setOwnFilter] = useState('');
  const [ownPage, setOwnPage] = useState(1);
  const sort = p.sort !== undefined ? p.sort : ownSort;
  const filter = p.filter ?? ownFilter;
  const page = p.page ?? ownPage;
  const setSort = p.onSortChange ?? setOwnSort;
  const setFilter = (q: string) => {
    (p.onFilterChange ?? setOwnFilter)(q);
    (p.onPageChange ?? setOwnPage)(1);
  };
  const setPage = p.onPageChange ?? setOwnPage;

  const view = useMemo(() => {
    const textOf = (r: T) => p.columns.map((c) => c.filterText?.(r) ?? '').join(' ');
    let rows = p.filterable ? filterRows(p.rows, filter, textOf) : [...p.rows];
    const col = sort ? p.columns.find((c) => c.key === sort.key) : undefined;
    if (sort && col?.sortValue) rows = sortRows(rows, col.sortValue, sort.dir);
    if (p.manual) return { rows, page, totalPages: p.manual.totalPages };
    if (!p.pageSize) return { rows, page: 1, totalPages: 1 };
    return paginate(rows, page, p.pageSize);
  }, [p.rows, p.columns, p.filterable, p.manual, p.pageSize, filter, sort, page]);

  return (
    <div className={[s.wrap, p.className ?? ''].filter(Boolean).join(' ')}>
      {p.filterable && p.labels.filter && (
        <div className={s.tools}>
          <input type="search" className={s.filter} aria-label={p.labels.filter} placeholder={p.labels.filter} value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
      )}
      <div className={s.scroll}>
        <table className={s.table} aria-busy={p.busy || undefined}>
          <caption className={p.hideCaption ? 'sr-only' : s.caption}>{p.caption}</caption>
          <thead>
            <tr>
              {p.columns.map((c) => {
                const dir = sort?.key === c.key ? sort.dir : undefined;
                return (
                  <th key={c.key} scope="col" className={c.align === 'end' ? s.end : undefined} aria-sort={c.sortValue ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined}>
                    {c.sortValue ? (
                      <button type="button" className={s.sort} onClick={() => setSort(nextSort(sort, c.key))} aria-label={p.labels.sortBy(typeof c.header === 'string' ? c.header : c.key)}>
                        <span>{c.header}</span>
                        {dir === 'asc' ? <ArrowUp size={14} aria-hidden="true" /> : dir === 'desc' ? <ArrowDown size={14} aria-hidden="true" /> : <ArrowUpDown size={14} aria-hidden="true" className={s.idle} />}
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {view.rows.length === 0 && p.empty ? (
              <tr>
                <td colSpan={p.columns.length} className={s.emptyCell}>
                  {p.empty}
                </td>
              </tr>
            ) : (
              view.rows.map((r) => {
                const more = p.detail?.(r);
                const key = p.rowKey(r);
                return [
                  <tr key={key}>
                    {p.columns.map((c) => (
                      <td key={c.key} className={[c.align === 'end' ? s.end : '', c.nowrap ? s.nowrap : ''].filter(Boolean).join(' ') || undefined}>
                        {c.cell(r)}
                      </td>
                    ))}
                  </tr>,
                  more ? (
                    <tr key={`${key}-detail`} className={s.detailRow}>
                      <td colSpan={p.columns.length}>{more}</td>
                    </tr>
                  ) : null,
                ];
              })
            )}
          </tbody>
        </table>
      </div>
      <Pager page={view.page} totalPages={view.totalPages} onChange={setPage} labels={p.labels.pager} className={s.pager} />
    </div>
  );
}
