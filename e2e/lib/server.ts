// Starts an extra bin/palaro on its own port and fresh SQLite file, for tests
// that change brand settings (maintenance, region) and must not disturb the
// shared server the other tests use.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');

export type ExtraServer = {
  url: string;
  env: Record<string, string>;
  /** Reads the brand document (`palaro brand export`). */
  exportBrand(): Record<string, unknown>;
  /** Writes a brand document (`palaro brand import`). */
  importBrand(doc: Record<string, unknown>): void;
  stop(): Promise<void>;
};

export async function startServer(port: number, extraEnv: Record<string, string> = {}): Promise<ExtraServer> {
  const dir = mkdtempSync(join(tmpdir(), 'palaro-e2e-extra-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PALARO_ADDR: `127.0.0.1:${port}`,
    PALARO_DATABASE_URL: `sqlite://${join(dir, 'extra.db')}`,
    PALARO_DEMO: '1',
    PALARO_LOG_LEVEL: 'warn',
    // Metrics have their own listener (default 127.0.0.1:9090); test servers need none.
    PALARO_METRICS_ADDR: 'off',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(BIN, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`palaro on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 150));
  }
  // Another process may own the port: make sure the one answering is ours.
  await new Promise((r) => setTimeout(r, 300));
  if (child.exitCode !== null) throw new Error(`palaro on ${port} exited (port taken?)`);
  return {
    url,
    env,
    exportBrand() {
      return JSON.parse(execFileSync(BIN, ['brand', 'export'], { env, encoding: 'utf8' }));
    },
    importBrand(doc) {
      const file = join(dir, `brand-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(doc));
      execFileSync(BIN, ['brand', 'import', file], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
