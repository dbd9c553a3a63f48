// Screenshots of the storefront shell for a visual check:
//   node e2e/scripts/screens.mjs http://127.0.0.1:8080 [outDir]
// 1440x900 and 390x844, dark and light, for /, /rng, /sports, /help#term and
// the announcement popup.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? 'e2e/test-results/screens';
mkdirSync(out, { recursive: true });

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const pages = [
  { name: 'home', path: '/', closePopup: true },
  { name: 'rng', path: '/rng', closePopup: true },
  { name: 'sports', path: '/sports', closePopup: true },
  { name: 'help-term', path: '/help#term', closePopup: true },
  { name: 'announcements', path: '/', closePopup: false },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const vp of viewports) {
    for (const theme of ['dark', 'light']) {
      const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, deviceScaleFactor: 1, colorScheme: theme });
      const page = await context.newPage();
      for (const p of pages) {
        // A fresh session shows the announcement popup; closing it is remembered per session.
        await page.goto(base + '/', { waitUntil: 'networkidle' });
        await page.evaluate(() => sessionStorage.clear());
        if (p.closePopup) await page.evaluate(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
        await page.goto(base + p.path, { waitUntil: 'networkidle' });
        if (!p.closePopup) await page.getByTestId('announcements-modal').waitFor({ timeout: 5000 }).catch(() => {});
        if (p.name === 'help-term') await page.getByTestId('help-section-term').waitFor({ timeout: 5000 }).catch(() => {});
        await page.waitForTimeout(600);
        const file = join(out, `${p.name}-${vp.name}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
