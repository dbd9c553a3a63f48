// Runs Lighthouse (mobile form factor, simulated throttling, performance
// category only) against the home page several times and reports the median.
//
//   node lighthouse.mjs <url> <outDir> <runs> <debugPort>
//
// Chromium is Debian's (CHROME_PATH); it listens for DevTools only on
// 127.0.0.1:<debugPort>. Every flag that would make Chromium reach the network
// on its own is off, so the run works offline. Writes lighthouse-<n>.json per
// run and lighthouse.json (the median run's figures). Exit 2 on a tool error.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const [url, outDir, runsArg, port] = process.argv.slice(2);
if (!url || !outDir || !port) {
  console.error('usage: node lighthouse.mjs <url> <outDir> <runs> <debugPort>');
  process.exit(2);
}
const runs = Math.max(1, Number(runsArg) || 3);
const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'node_modules', '.bin', 'lighthouse');
if (!existsSync(bin)) {
  console.error(`lighthouse: ${bin} is missing (npm ci in bench/)`);
  process.exit(2);
}
const chromeFlags = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--no-default-browser-check',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps',
  '--disable-extensions', '--disable-domain-reliability', '--disable-client-side-phishing-detection',
  '--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,CertificateTransparencyComponentUpdater',
  '--metrics-recording-only', '--no-pings', '--remote-debugging-address=127.0.0.1',
].join(' ');

const metricIds = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
  TTI: 'interactive',
};

const results = [];
for (let i = 1; i <= runs; i++) {
  const out = join(outDir, `lighthouse-${i}.json`);
  const r = spawnSync(bin, [
    url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance',
    '--form-factor=mobile', '--throttling-method=simulate', `--port=${port}`, '--max-wait-for-load=45000',
    `--chrome-flags=${chromeFlags}`,
  ], {
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: 420_000, // a busy shared host can take minutes per run
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium', NO_UPDATE_NOTIFIER: '1' },
  });
  if (r.status !== 0 || !existsSync(out)) {
    console.error(`lighthouse run ${i} failed (exit ${r.status}${r.signal ? ', ' + r.signal : ''}):\n${String(r.stderr).slice(-2000)}`);
    process.exit(2);
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  if (lhr.runtimeError) {
    console.error(`lighthouse run ${i}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    process.exit(2);
  }
  const score = lhr.categories?.performance?.score;
  if (score == null) {
    console.error(`lighthouse run ${i}: no performance score (${(lhr.runWarnings ?? []).join('; ')})`);
    process.exit(2);
  }
  const m = {};
  for (const [k, id] of Object.entries(metricIds)) {
    const a = lhr.audits[id];
    m[k] = { value: a?.numericValue, display: a?.displayValue, score: a?.score };
  }
  const res = {
    run: i, score: Math.round(score * 100), metrics: m,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    warnings: lhr.runWarnings ?? [],
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    opportunities: Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 50)
      .map((a) => `${a.id}: ~${Math.round(a.details.overallSavingsMs)} ms`),
  };
  results.push(res);
  const line = Object.entries(m).map(([k, v]) => `${k} ${v.display ?? '?'}`).join(', ');
  console.log(`  run ${i}: score ${res.score} — ${line} (benchmarkIndex ${res.benchmarkIndex})`);
}
const sorted = [...results].sort((a, b) => a.score - b.score);
const median = sorted[Math.floor((sorted.length - 1) / 2)];
const summary = { url, runs: results.length, scores: results.map((r) => r.score), benchmarkIndexes: results.map((r) => Math.round(r.benchmarkIndex ?? 0)), median };
writeFileSync(join(outDir, 'lighthouse.json'), JSON.stringify(summary, null, 2));
console.log(`  median score ${median.score} (runs: ${summary.scores.join(', ')}; benchmarkIndex ${summary.benchmarkIndexes.join(', ')})`);
if (median.lcpElement) console.log(`  LCP element: ${median.lcpElement}`);
for (const o of median.opportunities) console.log(`  opportunity ${o}`);
for (const w of median.warnings) console.log(`  warning: ${w}`);
