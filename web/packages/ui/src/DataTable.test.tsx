import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type Column } from './DataTable';
import { filterRows, nextSort, paginate, sortRows } from './table';

type Row = { id: number; name: string; amount: number | null };
const rows: Row[] = [
  { id: 1, name: 'Carmela', amount: 500 },
  { id: 2, name: 'ana', amount: 20 },
  { id: 3, name: 'Bong', amount: null },
  { id: 4, name: 'Dado', amount: 1000 },
  { id: 5, name: 'Ely', amount: 3 },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name, filterText: (r) => r.name },
  { key: 'amount', header: 'Amount', cell: (r) => (r.amount === null ? '' : String(r.amount)), sortValue: (r) => r.amount, align: 'end' },
];
const labels = {
  sortBy: (c: string) => `Sort by ${c}`,
  filter: 'Filter rows',
  pager: { label: 'Pages', previous: 'Previous page', next: 'Next page', page: (p: number) => `Page ${p}` },
};

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].textContent);

test('sorts by a column header: ascending, descending, then the original order; aria-sort follows', async () => {
  render(<DataTable caption="Players" columns={columns} rows={rows} rowKey={(r) => r.id} labels={labels} />);
  expect(screen.getByRole('table', { name: 'Players' })).toBeInTheDocument();
  const byName = screen.getByRole('button', { name: 'Sort by Name' });
  await userEvent.click(byName);
  expect(names()).toEqual(['ana', 'Bong', 'Carmela', 'Dado', 'Ely']);
  expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await userEvent.click(byName);
  expect(names()).toEqual(['Ely', 'Dado', 'Carmela', 'Bong', 'ana']);
  expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  await userEvent.click(byName);
  expect(names()).toEqual(['Carmela', 'ana', 'Bong', 'Dado', 'Ely']);
  // Numbers sort as numbers, blanks last in both directions.
  await userEvent.click(screen.getByRole('button', { name: 'Sort by Amount' }));
  expect(names()).toEqual(['Ely', 'ana', 'Carmela', 'Dado', 'Bong']);
  await userEvent.click(screen.getByRole('button', { name: 'Sort by Amount' }));
  expect(names()).toEqual(['Dado', 'Carmela', 'ana', 'Ely', 'Bong']);
});

test('filters rows by the filter box and pages them, going back to page 1 on a new filter', async () => {
  render(<DataTable caption="Players" columns={columns} rows={rows} rowKey={(r) => r.id} labels={labels} filterable pageSize={2} empty={<p>Nothing</p>} />);
  expect(names()).toEqual(['Carmela', 'ana']);
  const pager = screen.getByRole('navigation', { name: 'Pages' });
  await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
  expect(names()).toEqual(['Ely']);
  expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();

  await userEvent.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'a');
  expect(names()).toEqual(['Carmela', 'ana']);
  await userEvent.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'do');
  expect(names()).toEqual(['Dado']);
  expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  await userEvent.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'x');
  expect(screen.getByText('Nothing')).toBeInTheDocument();
});

test('the pure helpers', () => {
  expect(nextSort(null, 'a')).toEqual({ key: 'a', dir: 'asc' });
  expect(nextSort({ key: 'a', dir: 'asc' }, 'a')).toEqual({ key: 'a', dir: 'desc' });
  expect(nextSort({ key: 'a', dir: 'desc' }, 'a')).toBeNull();
  expect(nextSort({ key: 'a', dir: 'desc' }, 'b')).toEqual({ key: 'b', dir: 'asc' });
  expect(sortRows(['b10', 'b9', 'B1'], (x) => x, 'asc')).toEqual(['B1', 'b9', 'b10']);
  expect(filterRows(['Ana Cruz', 'Bong Cruz'], 'cruz an', (x) => x)).toEqual(['Ana Cruz']);
  expect(paginate([1, 2, 3], 9, 2)).toEqual({ rows: [3], page: 2, totalPages: 2 });
  expect(paginate([], 1, 2)).toEqual({ rows: [], page: 1, totalPages: 1 });
});
