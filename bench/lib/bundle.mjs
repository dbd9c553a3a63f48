// Measures the JavaScript a visitor's home page really loads before any
// interaction.
//
//   node bundle.mjs <baseURL> <outJSON>
//
// Loads / in headless Chromium (Debian's /usr/bin/chromium through
// playwright-core from e2e/node_modules), as a visitor (fresh context: empty
// cache, no session, Filipino locale), with a desktop viewport and with a
// phone viewport, twice each. Waits for network idle (no request for 500 ms)
// then until a round of the page's idle time starts no script (an
// idle-time prefetch or the announcement popup lands before the cut), and
// records every response that is a script (resource type "script", or a
// JavaScript Content-Type, which also catches modulepreload and prefetch):
// the entry, its static imports, the modulepreloads, the route and locale
// chunks, and anything else fetched during the load. For each: the encoded
// body size Chromium received (the gzip bytes on the wire, without headers),
// the Content-Encoding, the decoded size, and gzip -9 of the decoded body as
// a cross-check. The inline scripts of index.html are listed apart (gzip -9
// of their text). The figure is deterministic: the files are precompressed at
// build time, and both loads of a profile must fetch the same set of scripts
// (else `stable` is false and the larger load is reported). Exit 2 on a tool
// error.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const [base, outFile] = process.argv.slice(2);
if (!base || !outFile) {
  console.error('usage: node bundle.mjs <baseURL> <outJSON>');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'e2e', 'package.json'));
let chromium;
try {
  ({ chromium } = require('playwright-core'));
} catch (e) {
  console.error('bundle: playwright-core is missing (run: make e2e/node_modules/.installed): ' + e.message);
  process.exit(2);
}

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});

const profiles = {
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  },
};

const kb = (n) => Math.round((n / 1024) * 10) / 10;
const result = { url: base + '/', profiles: {} };

async function load(opts) {
  const context = await browser.newContext({ ...opts, locale: 'fil-PH' });
  const page = await context.newPage();
  const pending = [];
  const all = { count: 0, encoded: 0 };
  const offsite = [];
  const onResponse = (res) => {
    pending.push((async () => {
      const req = res.request();
      const url = res.url();
      if (url.startsWith('data:')) return;
      if (!url.startsWith(base)) offsite.push(url);
      let sizes = { responseBodySize: 0 };
      try { sizes = await req.sizes(); } catch { /* aborted */ }
      all.count++;
      all.encoded += sizes.responseBodySize;
      const ctype = (await res.headerValue('content-type')) ?? '';
      const isScript = req.resourceType() === 'script' || /javascript|ecmascript/.test(ctype);
      if (!isScript) return;
      let body = Buffer.alloc(0);
      try { body = await res.body(); } catch { /* redirect or aborted */ }
      return {
        url: url.replace(base, ''),
        status: res.status(),
        encoding: (await res.headerValue('content-encoding')) ?? 'identity',
        transfer: sizes.responseBodySize,
        raw: body.length,
        gzip9: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
      };
    })());
  };
  page.on('response', onResponse);
  // Settled = no request in flight for 500 ms, then a round of the page's own
  // idle time (after its load event) that starts no script: the announcement
  // popup and anything scheduled on idle land before the cut however slow the
  // host is, so both loads of a profile see the same scripts.
  let inflight = 0;
  let scriptRequests = 0;
  let lastChange = Date.now();
  page.on('request', (r) => {
    inflight++;
    lastChange = Date.now();
    if (r.resourceType() === 'script' || /\.m?js(\?|$)/.test(r.url())) scriptRequests++;
  });
  const done = () => {
    inflight--;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const quiet = async () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until && (inflight > 0 || Date.now() - lastChange < 500)) await page.waitForTimeout(100);
  };
  const t0 = Date.now();
  const resp = await page.goto(base + '/', { waitUntil: 'load', timeout: 60_000 });
  if (!resp || resp.status() !== 200) throw new Error(`home page answered ${resp?.status()}`);
  for (let round = 0; round < 10; round++) {
    const before = scriptRequests;
    await quiet();
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 1000), { timeout: 5000 })));
    await quiet();
    if (scriptRequests === before && round > 0) break;
  }
  const loadMs = Date.now() - t0;
  page.off('response', onResponse); // the cut: what answered later is not counted
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').filter((t) => t.trim()));
  const scripts = (await Promise.all(pending)).filter(Boolean).sort((a, b) => a.url.localeCompare(b.url));
  const sum = (k) => scripts.reduce((a, s) => a + s[k], 0);
  await context.close();
  return {
    loadMs,
    scripts,
    totals: { count: scripts.length, transferKB: kb(sum('transfer')), rawKB: kb(sum('raw')), gzip9KB: kb(sum('gzip9')) },
    inline: { count: inline.length, rawKB: kb(inline.join('').length), gzip9KB: kb(gzipSync(inline.join('\n'), { level: 9 }).length) },
    allResources: { count: all.count, transferKB: kb(all.encoded) },
    offsite,
  };
}

try {
  for (const [name, opts] of Object.entries(profiles)) {
    const a = await load(opts);
    const b = await load(opts);
    const ua = a.scripts.map((s) => s.url);
    const ub = b.scripts.map((s) => s.url);
    const differ = [...ua.filter((u) => !ub.includes(u)), ...ub.filter((u) => !ua.includes(u))];
    result.profiles[name] = { ...(b.totals.transferKB > a.totals.transferKB ? b : a), stable: differ.length === 0, differ };
  }
} catch (e) {
  console.error('bundle: ' + e.message);
  await browser.close();
  process.exit(2);
}
await browser.close();

// The figure is the larger of the two profiles.
const worst = Object.values(result.profiles).reduce((a, p) => (p.totals.transferKB > a.totals.transferKB ? p : a));
result.figureKB = worst.totals.transferKB;
result.figureGzip9KB = Math.max(...Object.values(result.profiles).map((p) => p.totals.gzip9KB));
result.stable = Object.values(result.profiles).every((p) => p.stable);
writeFileSync(outFile, JSON.stringify(result, null, 2));
for (const [name, p] of Object.entries(result.profiles)) {
  console.log(`  ${name}: ${p.totals.count} scripts, ${p.totals.transferKB} KB transferred (gzip on the wire), ` +
    `${p.totals.rawKB} KB raw, ${p.totals.gzip9KB} KB gzip -9 cross-check; inline scripts ${p.inline.gzip9KB} KB gzip -9; ` +
    `all resources: ${p.allResources.count} responses, ${p.allResources.transferKB} KB; ${p.stable ? 'same scripts on both loads' : 'UNSTABLE: the two loads fetched different scripts'}`);
  for (const s of p.scripts) console.log(`    ${s.url}  ${kb(s.transfer)} KB ${s.encoding} (raw ${kb(s.raw)} KB, gzip-9 ${kb(s.gzip9)} KB)`);
  if (p.differ.length) console.log(`    fetched on one load only: ${p.differ.join(' ')}`);
  if (p.offsite.length) console.log(`    off-site requests: ${p.offsite.join(' ')}`);
}
