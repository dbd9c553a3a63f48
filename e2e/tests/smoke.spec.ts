import { test, expect } from '../lib/test';

test('health and shell', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(health.ok()).toBeTruthy();
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
});

test('unknown API path answers a JSON 404', async ({ request }) => {
  const res = await request.get('/wps/does/not/exist');
  expect(res.status()).toBe(404);
  const body = await res.json();
  expect(body).toMatchObject({ success: false, code: 'request.not_found' });
});
