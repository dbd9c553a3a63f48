import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { mockApi, renderWith } from '@/test/harness';
import { demoBrand } from '../api/fixture';
import { BrandSettings } from './BrandSettings';

afterEach(() => vi.unstubAllGlobals());
// Whole-document forms typed key by key: slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const doc = () => ({ version: 100, config: demoBrand() });

async function saveWithReason(reason = 'Rebrand') {
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save the brand' });
  await userEvent.type(within(dialog).getByLabelText('Reason'), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

test('saves the whole document under its version with a reason, keeping what the form does not show', async () => {
  const api = mockApi({
    'GET /ops/v1/brand': () => ({ value: doc() }),
    'PUT /ops/v1/brand': (b) => ({ value: { version: 101, config: (b as { config: unknown }).config } }),
  });
  renderWith(<BrandSettings canWrite />);
  const name = await screen.findByLabelText('Brand name');
  expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await userEvent.clear(name);
  await userEvent.type(name, 'Palaro Prime');
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  await saveWithReason();
  expect(await screen.findByText('The brand is saved. Every server serves it within seconds.')).toBeInTheDocument();
  const put = api.calls.find((c) => c.method === 'PUT')!;
  const body = put.body as { version: number; reason: string; config: ReturnType<typeof demoBrand> };
  expect(body.version).toBe(100);
  expect(body.reason).toBe('Rebrand');
  expect(body.config.brandName).toBe('Palaro Prime');
  expect(body.config.cashier).toEqual(demoBrand().cashier);
  expect(body.config.ops).toEqual(demoBrand().ops);
  expect(screen.getByText(`Version ${formatDateTime(101)}`)).toBeInTheDocument();
});

test('a reason is needed, as the server asks', async () => {
  const api = mockApi({ 'GET /ops/v1/brand': () => ({ value: doc() }) });
  renderWith(<BrandSettings canWrite />);
  await userEvent.type(await screen.findByLabelText('Licence line'), ' 2026');
  await saveWithReason('ab');
  expect(await screen.findByText('Give a reason of 3 to 200 characters.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
});

test('invalid settings are refused in the browser and their tab is opened', async () => {
  const api = mockApi({ 'GET /ops/v1/brand': () => ({ value: doc() }) });
  renderWith(<BrandSettings canWrite />);
  await userEvent.click(await screen.findByRole('tab', { name: 'CDNs' }));
  const cdn = screen.getByLabelText('Image CDNs');
  await userEvent.clear(cdn);
  await userEvent.type(cdn, '/cdn/a/');
  await userEvent.click(screen.getByRole('tab', { name: 'General' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('At least one base, each a URL without a trailing slash.')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'CDNs' })).toHaveAttribute('aria-selected', 'true');
  expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
});

test('a version conflict says someone else changed it and reloads their version', async () => {
  let version = 100;
  mockApi({
    'GET /ops/v1/brand': () => ({ value: { version, config: { ...demoBrand(), licence: version > 100 ? 'Theirs' : 'Licensed' } } }),
    'PUT /ops/v1/brand': () => ({ status: 409, code: 'brand.version_conflict' }),
  });
  renderWith(<BrandSettings canWrite />);
  await userEvent.type(await screen.findByLabelText('Brand name'), ' X');
  version = 105;
  await saveWithReason();
  const dialog = await screen.findByRole('alertdialog', { name: 'Someone else changed the brand' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(screen.getByLabelText('Licence line')).toHaveValue('Theirs'));
  expect(screen.getByLabelText('Brand name')).toHaveValue('Palaro');
  expect(screen.getByText(`Version ${formatDateTime(105)}`)).toBeInTheDocument();
});

test('the server refusal is shown with its reason', async () => {
  mockApi({
    'GET /ops/v1/brand': () => ({ value: doc() }),
    'PUT /ops/v1/brand': () => ({ status: 400, code: 'brand.invalid_config' }),
  });
  renderWith(<BrandSettings canWrite />);
  await userEvent.type(await screen.findByLabelText('Brand name'), ' X');
  await saveWithReason();
  expect(await screen.findByText('The server refused the change:')).toBeInTheDocument();
});

test('maintenance: the state now, and the switch with a reason', async () => {
  const api = mockApi({
    'GET /ops/v1/brand': () => ({ value: doc() }),
    'POST /ops/v1/brand/maintenance': () => ({ value: { version: 101, config: { ...demoBrand(), maintenance: true } } }),
  });
  renderWith(<BrandSettings canWrite />);
  await userEvent.click(await screen.findByRole('tab', { name: 'Maintenance' }));
  expect(screen.getByText('Players can use the storefront.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Switch maintenance on' }));
  const dialog = await screen.findByRole('dialog', { name: 'Switch maintenance on now' });
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'Deploy');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText(/until you switch it off/)).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ on: true, reason: 'Deploy' });
});

test('the theme preview follows unsaved colours', async () => {
  mockApi({ 'GET /ops/v1/brand': () => ({ value: doc() }) });
  renderWith(<BrandSettings canWrite />);
  await userEvent.click(await screen.findByRole('tab', { name: 'Theme and logo' }));
  const preview = screen.getByTestId('brand-preview');
  expect(preview.style.getPropertyValue('--c-primary')).toBe('#F5B942');
  const value = within(screen.getByRole('group', { name: '--c-primary' })).getByLabelText('Value');
  await userEvent.clear(value);
  await userEvent.type(value, '#12ab34');
  expect(preview.style.getPropertyValue('--c-primary')).toBe('#12ab34');
  // An unsafe value never reaches the preview.
  await userEvent.type(value, ';x');
  expect(preview.style.getPropertyValue('--c-primary')).toBe('#f5b942');
});

test('read only without brand.write', async () => {
  mockApi({ 'GET /ops/v1/brand': () => ({ value: doc() }) });
  renderWith(<BrandSettings canWrite={false} />);
  expect(await screen.findByLabelText('Brand name')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  expect(screen.getByText('Read only: your role may view the brand but not change it.')).toBeInTheDocument();
});
