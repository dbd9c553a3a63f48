import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { PlayerSearch } from './PlayerSearch';

afterEach(() => vi.unstubAllGlobals());

const item = {
  id: 42,
  username: 'juan23',
  type: 0,
  mobile: '9171234567',
  countryDialingCode: '63',
  email: 'juan@example.com',
  status: 'LOCKED',
  currency: 'PHP',
  balance: 123456,
  registeredAt: Date.UTC(2026, 0, 2),
  lastLoginAt: Date.UTC(2026, 0, 3),
  lastLoginIp: '203.0.113.7',
  agent: 'agent01',
};
const page = (total: number) => ({ value: { items: total ? [item] : [], total, page: 1, pageSize: 25, totalCapped: false, decimals: 2 } });

test('checks the search in the browser before asking the server', async () => {
  const api = mockApi({ 'GET /ops/v1/players': () => page(1) });
  renderWith(<PlayerSearch playerPath={(id) => `/players/${id}`} />, { route: '/players' });
  expect(screen.getByText('Search for a player')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('Enter what to search for.')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Search by'), 'id');
  await userEvent.type(screen.getByLabelText('Search for'), 'x12');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('This is not a valid value for this search.')).toBeInTheDocument();
  expect(screen.getByLabelText('Search for')).toHaveAttribute('aria-invalid', 'true');
  expect(api.calls).toHaveLength(0);
});

test('finds a player by mobile and lists them with a link to their page', async () => {
  const api = mockApi({ 'GET /ops/v1/players': () => page(1) });
  renderWith(<PlayerSearch playerPath={(id) => `/players/${id}`} />, { route: '/players' });
  await userEvent.selectOptions(screen.getByLabelText('Search by'), 'mobile');
  await userEvent.type(screen.getByLabelText('Search for'), '0917 123 4567');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  const link = await screen.findByRole('link', { name: 'juan23' });
  expect(link).toHaveAttribute('href', '/players/42');
  const url = api.calls[0].url;
  expect(url.searchParams.get('by')).toBe('mobile');
  expect(url.searchParams.get('q')).toBe('0917 123 4567');
  expect(url.searchParams.get('page')).toBe('1');
  expect(screen.getByText('Matches: 1')).toBeInTheDocument();
  const row = link.closest('tr')!;
  expect(row).toHaveTextContent('+63 9171234567');
  expect(row).toHaveTextContent('1,234.56');
  expect(row).toHaveTextContent('Locked');
  expect(row).toHaveTextContent('203.0.113.7');
  expect(row).toHaveTextContent('agent01');
});

test('reads the search from the URL and exports it as the server CSV', async () => {
  const created = vi.fn(() => 'blob:x');
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
  const api = mockApi({ 'GET /ops/v1/players': () => page(1) });
  renderWith(<PlayerSearch playerPath={(id) => `/players/${id}`} />, { route: '/players?by=agent&q=agent01' });
  expect(await screen.findByRole('link', { name: 'juan23' })).toBeInTheDocument();
  expect(screen.getByLabelText('Search for')).toHaveValue('agent01');
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(created).toHaveBeenCalled());
  expect(click).toHaveBeenCalled();
  click.mockRestore();
  const csv = api.calls.find((c) => c.url.searchParams.get('format') === 'csv')!;
  expect(csv.url.searchParams.get('by')).toBe('agent');
  expect(csv.url.searchParams.get('q')).toBe('agent01');
  expect(csv.url.searchParams.get('tz')).toBeTruthy();
  expect(await screen.findByText('The CSV file is downloaded.')).toBeInTheDocument();
});

test('says when nothing matches', async () => {
  mockApi({ 'GET /ops/v1/players': () => page(0) });
  renderWith(<PlayerSearch playerPath={(id) => `/players/${id}`} />, { route: '/players?by=username&q=nobody' });
  expect(await screen.findByText('No player matches this search.')).toBeInTheDocument();
});
