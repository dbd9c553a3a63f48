import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboxEnv } from './lib/outbox';

// Every run starts the real binary on a fresh SQLite file with the demo brand.
const port = Number(process.env.E2E_PORT ?? 18181);
// The config is evaluated again in every worker: the first evaluation picks the
// data directory and the workers inherit it, so tests can read the same file
// (lib/db.ts) that the server writes.
process.env.PALARO_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'palaro-e2e-'));
const dataDir = process.env.PALARO_E2E_DATA;
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  // Captures texts and e-mails (SMS gateway on port+1, SMTP on port+2): lib/outbox.ts.
  globalSetup: './lib/outbox.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fil-PH',
    // The storefront honours prefers-reduced-motion (no marquee, winner board
    // or carousel motion; games settle at once). Without it the home page's
    // endless animations keep Chromium's software compositor (no GPU here)
    // drawing 60 frames a second: about one core of the CI machine's two for
    // as long as a test has that page open. The specs that test motion itself
    // opt back in with test.use({ reducedMotion: 'no-preference' }).
    reducedMotion: 'reduce',
    launchOptions,
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions }, grep: /@phone/ },
  ],
  webServer: {
    command: `../bin/palaro serve`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PALARO_ADDR: `127.0.0.1:${port}`,
      PALARO_DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
      PALARO_DEMO: '1',
      PALARO_REGISTER_PER_IP: '40',
      PALARO_LOG_LEVEL: 'warn',
      // Metrics have their own listener (default 127.0.0.1:9090); the suite reads none.
      PALARO_METRICS_ADDR: 'off',
      ...outboxEnv(port),
    },
  },
});
