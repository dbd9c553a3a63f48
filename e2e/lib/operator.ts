// Operator sign-in for the specs: the password, and for ADMIN and FINANCE
// the TOTP code of the demo secret (internal/operator, DemoTOTPSecret; the
// e2e servers run in demo mode). The server takes each 30-second step's
// code once per operator (one step of drift either way), so the workers
// share which steps they used (a file, under a directory used as a lock):
// a wrong code counts toward the operator's lockout, a replay never happens.
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

const PASSWORD = 'Palaro2026';
const DEMO_TOTP_SECRET = 'PALARODEMOTOTPSECRETXOPS';
const STEP_MS = 30_000;
// Runs on other ports (parallel checkouts) have their own servers, so their own steps.
const RUN = process.env.E2E_PORT ?? '18181';

function base32(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of s.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 (HMAC-SHA1, 6 digits, 30 s) code of step. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const off = mac[mac.length - 1] & 0x0f;
  const n = (mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs fn holding a lock shared by every worker (mkdir is atomic). */
async function locked<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = join(tmpdir(), `palaro-e2e-${RUN}-${name}.lock`);
  for (let i = 0; ; i++) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      if (i > 1200) rmSync(dir, { recursive: true, force: true }); // a worker died holding it
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(dir);
  }
}

/**
 * The demo code of a step no worker used yet for this operator: the current
 * step, else the next (within the drift window), else after waiting for it.
 */
export async function demoCode(username: string): Promise<string> {
  return locked(`totp-${username}`, async () => {
    const file = join(tmpdir(), `palaro-e2e-${RUN}-totp-${username}.json`);
    let last = 0;
    try {
      last = JSON.parse(readFileSync(file, 'utf8')).last;
    } catch {
      // first use
    }
    let now = Math.floor(Date.now() / STEP_MS);
    let step = Math.max(now, last + 1);
    while (step > now + 1) {
      await sleep((now + 1) * STEP_MS - Date.now() + 50);
      now = Math.floor(Date.now() / STEP_MS);
    }
    writeFileSync(file, JSON.stringify({ last: step }));
    return totp(DEMO_TOTP_SECRET, step);
  });
}

const sessions = new Map<string, string>();

async function origin(ctx: APIRequestContext): Promise<string> {
  return new URL((await ctx.get('/healthz')).url()).origin;
}

/** A live operator session token: reused per worker, server and operator. */
export async function operatorSession(ctx: APIRequestContext, username: string): Promise<string> {
  const key = `${await origin(ctx)}|${username}`;
  const known = sessions.get(key);
  if (known && (await ctx.get('/ops/v1/me', { headers: { Authorization: `Bearer ${known}` } })).ok()) return known;
  let body = await (await ctx.post('/ops/v1/login', { data: { username, password: PASSWORD } })).json();
  // A code another server's sign-in already spent here (each server keeps its own steps): the next one.
  for (let i = 0; body.code === 'ops.otp_required' || (body.code === 'ops.otp_invalid' && i < 3); i++) {
    body = await (await ctx.post('/ops/v1/login', { data: { username, password: PASSWORD, otp: await demoCode(username) } })).json();
  }
  expect(body.code, JSON.stringify(body)).toBe('ok');
  sessions.set(key, body.value.token);
  return body.value.token;
}
