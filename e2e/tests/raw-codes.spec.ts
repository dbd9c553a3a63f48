import { test, expect } from '../lib/test';
import { openAs, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// No raw internal codes (issue 28, item 15): the demo opening balance's reason
// shows translated in the account record, in English and in Tagalog.
const LOAD = { timeout: 20_000 };

for (const [lang, text] of [
  ['EN', 'Demo opening balance'],
  ['TY', 'Panimulang balanse ng demo'],
] as const) {
  test(`the account record shows the opening balance's reason in words (${lang}) @phone`, async ({ page, request }, info) => {
    const token = await playerToken(request, 'demo01');
    await openAs(page, token, 'demo01');
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/member/transactionHistory');
    await expect(page.getByTestId('record-page')).toBeVisible(LOAD);
    await expect(page.getByTestId('record-remark').filter({ hasText: text })).toHaveCount(1, LOAD);
    await expect(page.getByTestId('record-page')).not.toContainText('demo_opening');
    await page.getByTestId('record-remark').filter({ hasText: text }).scrollIntoViewIfNeeded();
    await shot(page, { path: `/tmp/shots-ux/record-remark-${lang}-${info.project.name}.png` });
  });
}
