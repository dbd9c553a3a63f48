// Deep links answer 200 (the payment provider's return URL among them) and
// render their page; unknown paths answer 404. The list is the server's
// (internal/webui/routes.json), which web/apps/player/src/app/routes.test.ts
// keeps equal to what the router renders.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../lib/test';
import { newMember, openAs, playerToken } from '../lib/money';

const manifest: { paths: string[] } = JSON.parse(readFileSync(fileURLToPath(new URL('../../internal/webui/routes.json', import.meta.url)), 'utf8'));

test('every route the storefront renders answers 200, unknown paths 404', async ({ request }) => {
  expect(manifest.paths.length).toBeGreaterThan(30);
  for (const path of manifest.paths) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  for (const path of ['/nope', '/member/nope', '/originals/nope', '/seamless']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('the deep links of a member open with status 200 and show their page', async ({ page, request }) => {
  const { username } = newMember('dl');
  await openAs(page, await playerToken(request, username), username);
  const pages: [string, string][] = [
    ['/member/depositv2?order=D-unknown', 'deposit-page'],
    ['/member/withdraw', 'withdraw-page'],
    ['/member/messageV2', 'messages-page'],
    ['/originals/dice', 'originals-frame'],
    ['/resetPassword', 'reset-password-modal'],
  ];
  for (const [path, testId] of pages) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByTestId(testId), path).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  }
});
