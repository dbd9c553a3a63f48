import { test, expect, type Page } from '../lib/test';
import { captchaAnswer } from '../lib/db';

// The feedback and complaints modal (footer; spec sections 3, 5 and 8).

async function openFeedback(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    // No announcement popup over the page (closed once per session, per user).
    for (const u of ['anonymous', 'demo01', 'agent01']) sessionStorage.setItem(`popupClosed:${u}`, '1');
  });
  await page.goto('/');
  await page.getByTestId('footer-feedback').click();
  const modal = page.getByTestId('feedback-modal');
  await expect(modal).toBeVisible();
  return modal;
}

/**
 * Runs `action` and returns the key of the captcha it loads. The server hands
 * out one captcha a second per IP, and parallel tests share 127.0.0.1: on a
 * "too fast" answer the test clicks the image again a second later, as a
 * person would.
 */
async function captchaKeyOf(page: Page, action: () => Promise<unknown>): Promise<string> {
  let trigger = action;
  for (let i = 0; i < 5; i++) {
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().includes('/wps/captcha') && r.request().method() === 'GET'), trigger()]);
    if (res.ok()) return (await res.json()).value.captchaKey;
    await page.waitForTimeout(1100);
    trigger = () => page.getByTestId('feedback-modal').getByTestId('captcha-refresh').click();
  }
  throw new Error('no captcha');
}

const TEXT = 'My deposit of 500 has not arrived after an hour.';

test.describe('feedback', () => {
  // One captcha a second per IP: these tests take turns.
  test.describe.configure({ mode: 'serial' });
  test('names the empty fields, counts characters and limits input to 200 @phone', async ({ page }) => {
    await captchaKeyOf(page, () => openFeedback(page));
    const modal = page.getByTestId('feedback-modal');
    await expect(modal.getByTestId('captcha-image')).toBeVisible();
    await modal.getByTestId('feedback-submit').click();
    await expect(modal.getByTestId('feedback-warning')).toHaveText('Please fill in: Feedback type, Description, Captcha, Contact (e-mail or phone).');
    await modal.getByRole('radio', { name: 'Withdrawal', exact: true }).check();
    await modal.getByTestId('feedback-content').fill('Too short');
    await expect(modal.getByTestId('feedback-counter')).toHaveText('9/200');
    await modal.getByTestId('feedback-submit').click();
    await expect(modal.getByTestId('feedback-warning')).toHaveText('Please fill in: Captcha, Contact (e-mail or phone).');
    await modal.getByTestId('feedback-sender').fill('juan@example.com');
    await modal.getByTestId('feedback-captcha').getByRole('textbox').fill('ABCD');
    await modal.getByTestId('feedback-submit').click();
    await expect(modal.getByTestId('feedback-warning')).toHaveText('The description must be 20 to 200 characters.');
    await modal.getByTestId('feedback-content').fill('x'.repeat(250));
    await expect(modal.getByTestId('feedback-content')).toHaveValue('x'.repeat(200));
    await expect(modal.getByTestId('feedback-counter')).toHaveText('200/200');
  });

  test('a wrong captcha gets the server message and a new captcha', async ({ page }) => {
    const key = await captchaKeyOf(page, () => openFeedback(page));
    const modal = page.getByTestId('feedback-modal');
    await modal.getByRole('radio', { name: 'Game', exact: true }).check();
    await modal.getByTestId('feedback-content').fill(TEXT);
    await modal.getByTestId('feedback-sender').fill('juan@example.com');
    const right = captchaAnswer(key);
    const wrong = right === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    await modal.getByTestId('feedback-captcha').getByRole('textbox').fill(wrong);
    const next = await captchaKeyOf(page, () => modal.getByTestId('feedback-submit').click());
    expect(next).not.toBe(key);
    await expect(modal.getByTestId('feedback-error')).toBeVisible();
    await expect(modal.getByTestId('feedback-captcha').getByRole('textbox')).toHaveValue('');
  });

  test('a visitor sends feedback with the captcha and gets a confirmation @phone', async ({ page }) => {
    const key = await captchaKeyOf(page, () => openFeedback(page));
    const modal = page.getByTestId('feedback-modal');
    await modal.getByRole('radio', { name: 'Deposit', exact: true }).check();
    await modal.getByTestId('feedback-content').fill(TEXT);
    await expect(modal.getByTestId('feedback-counter')).toHaveText(`${TEXT.length}/200`);
    await modal.getByTestId('feedback-sender').fill('juan@example.com');
    await modal.getByTestId('feedback-captcha').getByRole('textbox').fill(captchaAnswer(key).toLowerCase());
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/wps/feedback') && r.request().method() === 'PUT'),
      modal.getByTestId('feedback-submit').click(),
    ]);
    const sent = JSON.parse(res.request().postData() ?? '{}');
    expect(sent).toMatchObject({ type: 1, content: TEXT, sender: 'juan@example.com' });
    expect(typeof sent.botcheck).toBe('string');
    await expect(modal.getByTestId('feedback-sent')).toContainText('Your feedback was sent.');
    await modal.getByTestId('feedback-sent').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('feedback-modal')).toHaveCount(0);
  });
});
