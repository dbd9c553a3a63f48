// Operator sign-in for the specs: the password, and for ADMIN and FINANCE
// the TOTP code of the demo secret (internal/operator, DemoTOTPSecret; the
// e2e server runs in demo mode). A code is good once per 30-second step on
// the server, so each worker keeps its session per server and operator and
// signs in again only when it has ended.
import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

const PASSWORD = 'Palaro2026';
const DEMO_TOTP_SECRET = 'PALARODEMOTOTPSECRETXOPS';
const STEP_MS = 30_000;

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
  // An enrolled operator: the current step's code, else the next one (the
  // server accepts one step of drift), else, both used, the one after next
  // once it is within the drift window.
  for (let i = 0; body.code === 'ops.otp_required' || (body.code === 'ops.otp_invalid' && i < 5); i++) {
    const now = Math.floor(Date.now() / STEP_MS);
    if (i >= 2) await new Promise((r) => setTimeout(r, (now + 1) * STEP_MS - Date.now() + 50));
    const step = Math.floor(Date.now() / STEP_MS) + (i >= 1 ? 1 : 0);
    body = await (await ctx.post('/ops/v1/login', { data: { username, password: PASSWORD, otp: totp(DEMO_TOTP_SECRET, step) } })).json();
  }
  expect(body.code, JSON.stringify(body)).toBe('ok');
  sessions.set(key, body.value.token);
  return body.value.token;
}
