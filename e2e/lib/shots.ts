// Screenshots are for people to look at (what a page looks like at 1440 and
// 390 px, 1280 in the console), never compared by a test. A capture costs the
// CI machine's two cores up to a second each, so under CI they are taken only
// when E2E_SHOTS names where to put them; a local run takes them always.
import type { Locator, Page } from '@playwright/test';

export const SHOTS_ON = !process.env.CI || !!process.env.E2E_SHOTS;

type Options = NonNullable<Parameters<Page['screenshot']>[0]>;

export async function shot(target: Page | Locator, options: Options & { path: string }): Promise<void> {
  if (SHOTS_ON) await target.screenshot(options);
}
