// Helpers for the money specs (wallet transfer, account record, notices):
// fresh members created with `palaro member add` on the e2e server's database
// (so parallel specs never share a balance or an unread count), logins
// through the sealed API, operator logins, manual credits and bank deposits
// through the real endpoints.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { botcheck } from './botcheck';
import { dbPath } from './db';
import { shot } from './shots';
import { operatorSession } from './operator';
import { sealedApi } from './sealed';

const BIN = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'palaro');
export const PASSWORD = 'Palaro2026';

/** A new normal member (`palaro member add`); its id and username. */
export function newMember(prefix = 'w2'): { id: number; username: string } {
  const username = `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const out = execFileSync(BIN, ['member', 'add', '--username', username], {
    env: { ...process.env, PALARO_DATABASE_URL: `sqlite://${dbPath()}`, PALARO_MEMBER_PASSWORD: PASSWORD, PALARO_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const m = /id=(\d+)/.exec(out);
  if (!m) throw new Error(`member add: ${out}`);
  return { id: Number(m[1]), username };
}

/** A player's session token (sealed login, as the storefront does). */
export async function playerToken(request: APIRequestContext, username: string): Promise<string> {
  const { body } = await sealedApi(request, 'POST', '/wps/session/login', { type: 'username', username, password: PASSWORD, botcheck: await botcheck(request) });
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value.token;
}

/** An operator's bearer token (demo operators: ops01 ADMIN, finance01 FINANCE, cashier01 CASHIER, ...; lib/operator.ts). */
export async function operatorToken(request: APIRequestContext, username: string): Promise<string> {
  return operatorSession(request, username);
}

/** Credits a member's main wallet through the operator's manual adjustment (finance01). */
export async function credit(request: APIRequestContext, memberId: number, amount: string) {
  const token = await operatorToken(request, 'finance01');
  const res = await request.post('/ops/v1/adjustments', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { memberId, direction: 'CREDIT', amount, reason: 'e2e opening balance' },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value;
}

/** A 1x1 PNG, as a deposit receipt. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A bank-transfer deposit by the player (multipart with a receipt); the deposit. */
export async function bankDeposit(request: APIRequestContext, token: string, amount: string) {
  const methods = (await (await request.get('/wps/cashier/deposit/methods', { headers: { Authorization: `Bearer ${token}` } })).json()).value;
  const bank = methods.methods.find((m: { type: string }) => m.type === 'BANK');
  const res = await request.post('/wps/cashier/deposits', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: { method: bank.code, amount, reference: 'E2E-REF-1', receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG } },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value as { id: number; orderNo: string; status: string };
}

/** An operator decision on a deposit: approve or reject (with a reason). */
export async function decideDeposit(request: APIRequestContext, id: number, decision: 'approve' | 'reject', reason?: string) {
  const token = await operatorToken(request, 'cashier01');
  const res = await request.post(`/ops/v1/cashier/deposits/${id}/${decision}`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: reason ? { reason } : {},
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value;
}

/** English UI, dark theme first, no announcement popup, and this token in session storage. */
export async function openAs(page: Page, token: string, username: string) {
  await page.addInitScript(
    ([tk, user]) => {
      localStorage.setItem('lang', 'EN');
      if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
      for (const u of ['anonymous', user]) sessionStorage.setItem(`popupClosed:${u}`, '1');
      if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', tk);
    },
    [token, username],
  );
}

/**
 * Takes the dark and the light picture of the current page (reloads into
 * light, then back to dark): from the top with nothing focused; desktop as one
 * full-page picture, phones as two screens (the fixed header and bottom bar
 * would repeat inside a full-page picture).
 */
export async function darkAndLight(page: Page, file: string, ready: () => Promise<void>) {
  const phone = (page.viewportSize()?.width ?? 1440) < 600;
  const shoot = async (theme: string) => {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur?.();
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(250);
    if (!phone) {
      await shot(page, { path: `${file}-${theme}.png`, fullPage: true });
      return;
    }
    await shot(page, { path: `${file}-${theme}.png` });
    const h = page.viewportSize()?.height ?? 844;
    await page.evaluate((y) => window.scrollTo(0, y), h - 180);
    await page.waitForTimeout(250);
    await shot(page, { path: `${file}-${theme}-2.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  await shoot('dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await ready();
  await shoot('light');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await ready();
}
