// The suite's `test` and `expect`: Playwright's, plus an automatic check that
// no page the test opens breaks the site's Content-Security-Policy. Every
// spec imports from here instead of '@playwright/test' (only the import line
// differs: everything else is re-exported); tests/csp.spec.ts fails when a
// spec does not.
//
// Every browser context of the test (the default one and any the test makes
// with browser.newContext) gets an init script, run in every page and frame
// before the page's own scripts, that turns each `securitypolicyviolation`
// event into a console error, and the context's console is watched for it
// and for Chromium's own "Refused to … Content Security Policy" errors. At
// teardown the test fails on any. A test that provokes a violation on purpose
// reads and clears `csp.violations` itself.
import { test as base, expect, type BrowserContext, type ConsoleMessage } from '@playwright/test';

export * from '@playwright/test';

const MARK = '[csp-violation]';

function report() {
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${e.documentURI} at ${e.sourceFile}:${e.lineNumber}`);
    },
    true,
  );
}

export type CspWatch = { violations: string[] };

export const test = base.extend<{ csp: CspWatch }>({
  csp: [
    async ({ browser, context }, use) => {
      const watch: CspWatch = { violations: [] };
      const seen = new Set<string>();
      const onConsole = (msg: ConsoleMessage) => {
        const text = msg.text();
        if (!text.startsWith(MARK) && !/Content Security Policy/.test(text)) return;
        const line = `${msg.page()?.url() ?? '?'}: ${text}`;
        if (!seen.has(line)) {
          seen.add(line);
          watch.violations.push(line);
        }
      };
      const hook = (ctx: BrowserContext) => {
        ctx.on('console', onConsole);
        void ctx.addInitScript(report).catch(() => {}); // a context closed at once
      };
      hook(context);
      browser.on('context', hook);
      try {
        await use(watch);
      } finally {
        browser.off('context', hook);
      }
      expect(watch.violations, 'Content-Security-Policy violations on the pages this test visited').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
