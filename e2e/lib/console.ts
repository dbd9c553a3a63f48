// Shared steps of the console specs: signing in (through the form, or with an
// API session for specs whose subject is not the sign-in), axe-core and the
// no-horizontal-scroll check.
import AxeBuilder from '@axe-core/playwright';
import { demoCode, operatorSession } from './operator';
import { expect, type Page } from './test';

export const OPERATOR_PASSWORD = 'Palaro2026';

/** Signs in through the console's form (with the demo authenticator code for ADMIN and FINANCE). */
export async function signInByForm(page: Page, username: string) {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const welcome = page.getByRole('heading', { level: 1, name: `Welcome, ${username}` });
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(welcome.or(code)).toBeVisible();
  if (await code.isVisible()) {
    await code.fill(await demoCode(username));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
  }
  await expect(welcome).toBeVisible();
}

/**
 * Opens the console at path already signed in as username: the session comes
 * from the API (one per worker and operator) and is put where the console
 * keeps it (sessionStorage, this tab only).
 */
export async function openConsole(page: Page, username: string, path = '/') {
  const token = await operatorSession(page.request, username);
  await page.addInitScript((t) => sessionStorage.setItem('palaro.console.token', t), token);
  await page.goto(`/console${path === '/' ? '/' : path}`);
}

/** No serious or critical axe-core finding on the page as it is now (or within the `include` selector only: cheaper, e.g. an open dialog). */
export async function noSeriousAxe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}

export async function noHorizontalScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}
