// The operator console (issue 30, part 1) through the real binary: sign-in
// as demo operators (ops01 with the demo authenticator code), the shell by permission, the
// audit log with its filters, changes and CSV export, sign-out; at desktop
// (1280 px) and tablet (768 px) widths, without horizontal scrolling, and
// with no serious or critical axe-core finding.
import { readFileSync } from 'node:fs';
import { noHorizontalScroll, noSeriousAxe, signInByForm as signIn } from '../lib/console';
import { test, expect, type Page } from '../lib/test';

// Signing in as ops01 by the form waits for an authenticator step no other
// worker has used (lib/operator.ts: one code per 30-second step), which the
// console specs of the rewards share: up to a minute under a full run.
test.describe.configure({ timeout: 120_000 });

for (const [name, viewport] of [
  ['desktop 1280', { width: 1280, height: 800 }],
  ['tablet 768', { width: 768, height: 1024 }],
] as const) {
  test.describe(`console at ${name}`, () => {
    test.use({ viewport });
    const tablet = viewport.width < 1024;

    test('a cashier signs in without an authenticator, sees what the role allows, and signs out', async ({ page }) => {
      await page.goto('/console/login');
      await noSeriousAxe(page);
      // Browser validation first: nothing is sent for an empty form.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Enter your username.')).toBeVisible();
      await page.getByLabel('Username').fill('cashier01');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');

      await signIn(page, 'cashier01');
      await expect(page.getByText('Signed in as cashier01 (Cashier)')).toBeVisible();
      await expect(page.getByText('Approve and reject deposits and withdrawals')).toBeVisible();
      await noHorizontalScroll(page);
      await noSeriousAxe(page);

      if (tablet) await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Console sections' });
      await expect(nav.getByRole('link', { name: 'My sessions' })).toBeVisible();
      // A cashier may not read the audit log: no link, and the page sends them home.
      await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
      if (tablet) await page.getByRole('button', { name: 'Close menu' }).click();
      await page.goto('/console/audit');
      await expect(page).toHaveURL(/\/console\/?$/);

      // Dark theme and back, kept across a reload.
      await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
      const theme = await page.evaluate(() => document.documentElement.dataset.theme);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme!);
      await noSeriousAxe(page);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/console\/login$/);
      await expect(page.getByText('You are signed out.')).toBeVisible();
      await page.goto('/console/sessions');
      await expect(page).toHaveURL(/\/console\/login$/);
    });

    test('an administrator reads the audit log, filters it, sees the changes and exports a CSV', async ({ page }) => {
      await signIn(page, 'ops01');
      if (tablet) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Audit entries' });
      await expect(table.getByRole('row').filter({ hasText: 'ops01' }).first()).toBeVisible();
      await noHorizontalScroll(page);
      await noSeriousAxe(page);

      // Filters land in the URL and narrow the list.
      await page.getByRole('textbox', { name: 'Action' }).fill('no.such.action');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/action=no\.such\.action/);
      await expect(page.getByText('No audit entries match these filters.')).toBeVisible();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(table.getByRole('row').filter({ hasText: 'ops01' }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Today' }).click();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
      await expect(table.getByRole('row').filter({ hasText: 'ops01' }).first()).toBeVisible();

      // Browser validation: a from after to is refused with its message.
      await page.getByLabel('From', { exact: true }).fill('2030-01-02');
      await page.getByLabel('To', { exact: true }).fill('2030-01-01');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page.getByText('The start date is after the end date.').first()).toBeVisible();
      await page.getByRole('button', { name: 'Clear filters' }).click();

      const first = table.getByRole('button', { name: 'Show changes' }).first();
      await first.click();
      await expect(table.getByRole('button', { name: 'Hide changes' }).first()).toHaveAttribute('aria-expanded', 'true');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv.split('\r\n')[0]).toBe('\ufeffEntry no.,Time,Operator,Operator id,Action,Target,Reason,Before,After,IP address');
      expect(csv).toContain(',ops01,');
      await expect(page.getByText(/^Exported \d+ entries\.$/)).toBeVisible();

      // My sessions is reachable and keyboard usable (today's server may not list sessions yet: an error with a retry).
      await page.goto('/console/sessions');
      await expect(page.getByRole('heading', { level: 1, name: 'My sessions' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Your active sessions' }).or(page.getByRole('button', { name: 'Try again' }))).toBeVisible();
      await noSeriousAxe(page);
    });
  });
}

test('the console page carries its own strict policy and falls back to the app for deep links', async ({ request }) => {
  const res = await request.get('/console/audit?page=3');
  expect(res.status()).toBe(200);
  const csp = res.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(await res.text()).toContain('<div id="root">');
});
