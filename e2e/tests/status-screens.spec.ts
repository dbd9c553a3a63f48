import { test, expect } from '../lib/test';
import { startServer, type ExtraServer } from '../lib/server';

// Maintenance and region restriction are brand settings changed as data
// (`palaro brand import`), on a server of their own.
const port = Number(process.env.E2E_PORT ?? 18181) + 7;
let server: ExtraServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer(port, { PALARO_TRUST_PROXY: '1' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function waitForStatus(want: number, headers: Record<string, string> = {}) {
  await expect
    .poll(async () => (await (await fetch(`${server.url}/wps/system/status`, { headers })).json()).value.status, { timeout: 10_000 })
    .toBe(want);
}

test('a visitor from a blocked country sees the region screen with their IP', async ({ browser }) => {
  const ctx = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'US', 'X-Forwarded-For': '198.51.100.23' } });
  const page = await ctx.newPage();
  await page.goto(server.url + '/');
  const screen = page.getByTestId('region-blocked');
  await expect(screen).toBeVisible();
  await expect(page.getByTestId('visitor-ip')).toHaveText('198.51.100.23');
  await expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(screen.getByRole('link', { name: /customer service|suporta sa kustomer/i }).or(screen.getByRole('button', { name: /customer service|suporta sa kustomer/i })).first()).toBeVisible();
  // The storefront itself is not rendered.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await ctx.close();
});

test('a visitor from an allowed country sees the storefront', async ({ browser }) => {
  const ctx = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'PH' } });
  const page = await ctx.newPage();
  await page.goto(server.url + '/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('region-blocked')).toHaveCount(0);
  await ctx.close();
});

test('maintenance switched on as data shows the maintenance screen, and wins over region', async ({ browser }) => {
  const original = server.exportBrand();
  server.importBrand({ ...original, maintenance: true });
  try {
    await waitForStatus(1);
    const page = await browser.newPage();
    await page.goto(server.url + '/');
    const screen = page.getByTestId('maintenance');
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    await page.close();

    // A blocked visitor also gets maintenance: maintenance wins.
    const ctx = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'US' } });
    const blocked = await ctx.newPage();
    await blocked.goto(server.url + '/rng');
    await expect(blocked.getByTestId('maintenance')).toBeVisible();
    await expect(blocked.getByTestId('region-blocked')).toHaveCount(0);
    await ctx.close();
  } finally {
    server.importBrand(original);
  }
  await waitForStatus(0);
  const page = await browser.newPage();
  await page.goto(server.url + '/');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.close();
});
