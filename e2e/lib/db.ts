// Reads the e2e server's SQLite file the way an operator with database access
// could, for what a test cannot see on screen: the text drawn in a captcha
// image. The application is not changed for tests; the captcha stays an image.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The SQLite file of the shared e2e server (playwright.config.ts), or of an extra server's env. */
export function dbPath(env: Record<string, string | undefined> = process.env): string {
  const url = env.PALARO_DATABASE_URL;
  if (url?.startsWith('sqlite://')) return url.slice('sqlite://'.length).split('?')[0];
  if (!env.PALARO_E2E_DATA) throw new Error('PALARO_E2E_DATA is not set: run through playwright.config.ts');
  return join(env.PALARO_E2E_DATA, 'e2e.db');
}

/** Runs one read-only query with the sqlite3 command-line shell; rows as arrays of strings. */
export function query(sql: string, file = dbPath()): string[][] {
  const out = execFileSync('sqlite3', ['-readonly', '-separator', '\t', file, sql], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));
}

/** The answer of the captcha with this key (single use: the server deletes it when checked). */
export function captchaAnswer(captchaKey: string, file = dbPath()): string {
  if (!/^[A-Za-z0-9_-]+$/.test(captchaKey)) throw new Error(`bad captcha key ${captchaKey}`);
  const rows = query(`SELECT answer FROM account_captcha WHERE captcha_key = '${captchaKey}'`, file);
  if (!rows.length) throw new Error(`no captcha ${captchaKey}`);
  return rows[0][0];
}
