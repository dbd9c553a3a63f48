// The storefront's Content-Security-Policy at the level a page meets it: the
// guard every spec runs under (lib/test.ts) records violations, the pages may
// not be framed by another site, and the in-house game frame may be framed
// by the site itself only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../lib/test';

test('every spec imports test and expect from lib/test (the CSP guard)', () => {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const bad = readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .filter((f) => /import\s*{[^}]*\b(test|expect)\b[^}]*}\s*from\s*'@playwright\/test'/.test(readFileSync(join(dir, f), 'utf8')));
  expect(bad, 'import { test, expect } from "../lib/test" in these specs').toEqual([]);
});

test('the guard records a script the policy refuses', async ({ page, csp }) => {
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1';
    document.head.appendChild(s);
  });
  await expect.poll(() => csp.violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(csp.violations.join('\n')).toMatch(/script-src/);
  csp.violations.length = 0; // provoked on purpose
});

test('pages carry the policy; only the site may frame the game frame, nobody the member pages', async ({ page, request, baseURL }) => {
  for (const path of ['/', '/member/withdraw', '/member/depositv2']) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy'], path).not.toContain('unsafe-inline');
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['x-content-type-options'], path).toBe('nosniff');
  }
  const game = await request.get('/originals/dice');
  expect(game.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(game.headers()['x-frame-options']).toBe('SAMEORIGIN');
  const api = await request.get('/wps/system/status');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['x-frame-options']).toBe('DENY');

  // Another site frames the withdrawal page and the game frame: both refused (frame-ancestors, X-Frame-Options).
  await page.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><iframe name="w" src="${baseURL}/member/withdraw"></iframe><iframe name="g" src="${baseURL}/originals/dice"></iframe>`,
    }),
  );
  await page.goto('http://attacker.test/');
  // Chromium replaces a refused frame by its error page (and logs nothing the page could see).
  for (const name of ['w', 'g']) {
    await expect.poll(() => page.frame(name)?.url(), name).toMatch(/^chrome-error:/);
    expect(await page.frame(name)!.locator('#root').count(), name).toBe(0);
  }

  // The site itself may frame the game frame (the game popup does).
  await page.goto('/nope-frame-host');
  await page.evaluate(() => {
    const f = document.createElement('iframe');
    f.src = '/originals/dice';
    f.name = 'own';
    document.body.appendChild(f);
  });
  await expect(page.frameLocator('iframe[name=own]').getByTestId('originals-frame')).toBeVisible({ timeout: 15_000 });
});
