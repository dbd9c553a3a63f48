// The console's brand screen (issue 30, part 6) through the real binary, on
// a server of its own (maintenance and theme changes must not disturb the
// shared one): maintenance switched on and off as the storefront shows it, a
// theme colour in the live preview and, once saved, on the storefront; a
// cashier refused by the sidebar, the router and the API. Light and dark,
// 1280 and 768 px, axe and no horizontal scroll.
import { mkdirSync } from 'node:fs';
import { request as pwRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { noHorizontalScroll, noSeriousAxe } from '../lib/console';
import { operatorSession } from '../lib/operator';
import { startServer, type ExtraServer } from '../lib/server';
import { test, expect as baseExpect } from '../lib/test';
import { shot } from '../lib/shots';

// A cold console and a server of its own on a busy machine: more patience than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const port = Number(process.env.E2E_PORT ?? 18181) + 11;
const SHOTS = '/tmp/shots-brand';
let server: ExtraServer;
let api: APIRequestContext;

// A server of its own, the operators' sign-in (a fresh authenticator step)
// and a cold console on a busy machine take longer than the default.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  server = await startServer(port);
  api = await pwRequest.newContext({ baseURL: server.url });
  mkdirSync(SHOTS, { recursive: true });
  await operatorSession(api, 'ops01');
  await operatorSession(api, 'cashier01');
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

async function consolePage(browser: Browser, username: string, viewport = { width: 1280, height: 900 }, colorScheme: 'light' | 'dark' = 'light') {
  const token = await operatorSession(api, username);
  const ctx = await browser.newContext({ baseURL: server.url, viewport, colorScheme });
  const page = await ctx.newPage();
  await page.addInitScript((t) => sessionStorage.setItem('palaro.console.token', t), token);
  return { page, token, close: () => ctx.close() };
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const now = await page.evaluate(() => document.documentElement.dataset.theme);
  if (now !== theme) await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function status(): Promise<number> {
  return (await (await fetch(`${server.url}/wps/system/status`)).json()).value.status;
}

test('maintenance switched on in the console closes the storefront, and off opens it again', async ({ browser }) => {
  const { page, close } = await consolePage(browser, 'ops01');
  await page.goto('/console/brand');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand and system' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Maintenance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Players can use the storefront.' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch maintenance on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch maintenance on now' });
  // The reason follows the server's rule: 3 to 200 characters.
  await dialog.getByLabel('Reason').fill('x');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Give a reason of 3 to 200 characters.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Deploying the new cashier');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Maintenance is on.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'until you switch it off' })).toBeVisible();

  const player = await browser.newPage();
  await expect.poll(status, { timeout: 10_000 }).toBe(1);
  await player.goto(server.url + '/');
  await expect(player.getByTestId('maintenance')).toBeVisible();

  await page.getByRole('button', { name: 'Switch maintenance off' }).click();
  const off = page.getByRole('dialog', { name: 'Switch maintenance off now' });
  await off.getByLabel('Reason').fill('Deployed');
  await off.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Maintenance is off.')).toBeVisible();
  await expect.poll(status, { timeout: 10_000 }).toBe(0);
  await player.goto(server.url + '/');
  await expect(player.getByRole('banner')).toBeVisible();
  await expect(player.getByTestId('maintenance')).toHaveCount(0);
  await player.close();
  await close();
});

test('a theme colour shows in the preview at once and on the storefront after save', async ({ browser }) => {
  const { page, close } = await consolePage(browser, 'ops01');
  await page.goto('/console/brand');
  await page.getByRole('tab', { name: 'Theme and logo' }).click({ timeout: 30_000 });
  const preview = page.getByTestId('brand-preview');
  const primary = page.getByRole('group', { name: '--c-primary' });
  const value = primary.getByLabel('Value');
  await value.fill('#12ab34');
  await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).getPropertyValue('--c-primary').trim())).toBe('#12ab34');
  await expect(page.getByTestId('preview-primary').first()).toHaveCSS('background-color', 'rgb(18, 171, 52)');
  // Bad input is refused in the browser with the server's rule.
  await value.fill('red; x');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(primary.getByText('Enter a value without ; { } < >.')).toBeVisible();
  // Players do not see an unsaved change.
  const before = await (await fetch(`${server.url}/wps/system/status`)).json();
  expect(before.value.info.theme.dark['--c-primary']).not.toBe('#12ab34');

  await value.fill('#12ab34');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the brand' });
  await dialog.getByLabel('Reason').fill('New primary colour');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The brand is saved.')).toBeVisible();

  const player = await browser.newPage({ colorScheme: 'dark' });
  await player.goto(server.url + '/');
  await expect(player.getByRole('banner')).toBeVisible();
  await expect.poll(() => player.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-primary').trim())).toBe('#12ab34');
  await player.close();
  await close();
});

test('a save over a change someone else made is refused with a reload', async ({ browser }) => {
  const { page, token, close } = await consolePage(browser, 'ops01');
  await page.goto('/console/brand');
  await page.getByLabel('Brand name').fill('Palaro Prime', { timeout: 30_000 });
  // Another operator saves meanwhile.
  const doc = (await (await api.get('/ops/v1/brand', { headers: { Authorization: `Bearer ${token}` } })).json()).value;
  const put = await api.put('/ops/v1/brand', { headers: { Authorization: `Bearer ${token}` }, data: { version: doc.version, config: { ...doc.config, licence: 'Changed elsewhere' }, reason: 'other operator' } });
  expect(put.status()).toBe(200);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the brand' });
  await dialog.getByLabel('Reason').fill('Rename');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const conflict = page.getByRole('alertdialog', { name: 'Someone else changed the brand' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Brand name')).toHaveValue('Palaro');
  await expect(page.getByLabel('Licence line')).toHaveValue('Changed elsewhere');
  await close();
});

test('a cashier has no brand screen: not in the sidebar, sent away, refused by the API', async ({ browser }) => {
  const { page, token, close } = await consolePage(browser, 'cashier01');
  await page.goto('/console/');
  await expect(page.getByText('Signed in as cashier01 (Cashier)')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Brand' })).toHaveCount(0);
  await page.goto('/console/brand');
  await expect(page).toHaveURL(/\/console\/?$/);
  const headers = { Authorization: `Bearer ${token}` };
  expect((await api.get('/ops/v1/brand', { headers })).status()).toBe(403);
  expect((await api.put('/ops/v1/brand', { headers, data: { version: 1, config: {}, reason: 'not mine' } })).status()).toBe(403);
  expect((await api.post('/ops/v1/brand/maintenance', { headers, data: { on: true, reason: 'not mine' } })).status()).toBe(403);
  await close();
});

for (const [width, height, tabs] of [
  [1280, 900, ['General', 'Registration rules', 'Maintenance', 'Theme and logo']],
  [768, 1024, ['General', 'Theme and logo']],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the tabs at ${width} px in ${theme}: axe and no horizontal scroll`, async ({ browser }) => {
      const { page, close } = await consolePage(browser, 'ops01', { width, height });
      await page.goto('/console/brand');
      await expect(page.getByRole('heading', { level: 1, name: 'Brand and system' })).toBeVisible({ timeout: 30_000 });
      await setTheme(page, theme);
      for (const tab of tabs) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: tab })).toBeVisible();
        await noHorizontalScroll(page);
        await noSeriousAxe(page);
        if (width === 1280) await shot(page, { path: `${SHOTS}/brand-${tab.split(' ')[0].toLowerCase()}-${theme}-${width}.png`, fullPage: true });
      }
      await close();
    });
  }
}
