import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { NotesTab, TransactionsTab } from './Tabs';

afterEach(() => vi.unstubAllGlobals());

const line = (id: string, type: string, amount: number, after: number) => ({ id, postingId: 1, time: Date.UTC(2026, 10, 20, 4), type, kind: type, wallet: 'MAIN', amount, balanceAfter: after, reference: `ref-${id}`, remark: '' });

test('the transactions tab lists lines with money and sums, and filters by type', async () => {
  const api = mockApi({
    'GET /ops/v1/players/5/transactions': (_b, url) => ({
      value: {
        items: url.searchParams.get('type') === 'deposit' ? [line('1-1', 'deposit', 50000, 150000)] : [line('1-1', 'deposit', 50000, 150000), line('2-1', 'bet', -2500, 147500)],
        total: 2,
        page: 1,
        pageSize: 20,
        sums: { in: 50000, out: 2500 },
        from: '2026-11-14',
        to: '2026-11-20',
        timezone: 'Asia/Manila',
        currency: 'PHP',
        decimals: 2,
      },
    }),
  });
  renderWith(<TransactionsTab id={5} />);
  const table = await screen.findByRole('table', { name: 'Transactions' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(rows[1]).toHaveTextContent('Deposit');
  expect(rows[1]).toHaveTextContent('500.00');
  expect(rows[2]).toHaveTextContent('-25.00');
  expect(rows[2]).toHaveTextContent('1,475.00');
  expect(screen.getByText(/2026-11-14 to 2026-11-20 · 2 in total/)).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'deposit');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  expect(api.calls.at(-1)!.url.searchParams.get('type')).toBe('deposit');
});

test('the notes tab checks a note and adds it', async () => {
  const notes = [{ id: 1, memberId: 5, operatorId: 1, operatorUsername: 'support01', text: 'Called about a deposit', createdAt: Date.UTC(2026, 10, 20) }];
  const api = mockApi({
    'GET /ops/v1/players/5/notes': () => ({ value: { items: notes, total: notes.length, page: 1, pageSize: 20 } }),
    'POST /ops/v1/players/5/notes': (b) => {
      const n = { ...notes[0], id: 2, text: (b as { text: string }).text };
      notes.unshift(n);
      return { value: { note: n } };
    },
  });
  renderWith(<NotesTab id={5} canWrite />);
  expect(await screen.findByText('Called about a deposit')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('A note must have 1 to 2000 characters.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('New internal note'), 'Asked for ID documents');
  await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('Asked for ID documents')).toBeInTheDocument();
  expect(screen.getByText('Note added.')).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ text: 'Asked for ID documents' });
});

test('without players.write there is no note form', async () => {
  mockApi({ 'GET /ops/v1/players/5/notes': () => ({ value: { items: [], total: 0, page: 1, pageSize: 20 } }) });
  renderWith(<NotesTab id={5} canWrite={false} />);
  expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
});
