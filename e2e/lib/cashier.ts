// Helpers for the cashier specs (deposits, withdrawals): API logins for a
// player and an operator, the page set-up (English, token, no popups), a
// real PNG for receipts and proofs, and operator actions through /ops/v1.
import { expect, request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { botcheck } from './botcheck';
import { captchaAnswer } from './db';
import { operatorSession } from './operator';
import { sealedApi } from './sealed';

export const PASSWORD = 'Palaro2026';

/** A 1x1 PNG (real magic bytes, so the server's type check accepts it). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export async function api(baseURL: string): Promise<APIRequestContext> {
  return pwRequest.newContext({ baseURL });
}

/** A player's session token (the storefront's sealed login, bot check solved). */
export async function playerToken(ctx: APIRequestContext, username: string): Promise<string> {
  const { body } = await sealedApi(ctx, 'POST', '/wps/session/login', { type: 'username', username, password: PASSWORD, botcheck: await botcheck(ctx) });
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value.token;
}

/** An operator's bearer token (POST /ops/v1/login; lib/operator.ts). */
export async function operatorToken(ctx: APIRequestContext, username = 'cashier01'): Promise<string> {
  return operatorSession(ctx, username);
}

/** English UI, the chosen theme, no announcement popup, and the session token. */
export async function preparePage(page: Page, token: string, theme: 'dark' | 'light' = 'dark') {
  await page.addInitScript(
    ([tk, th]) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
      if (!localStorage.getItem('theme')) localStorage.setItem('theme', th);
      const orig = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key: string) {
        if (this === sessionStorage && key.startsWith('popupClosed:')) return '1';
        return orig.call(this, key);
      };
      if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', tk);
    },
    [token, theme] as const,
  );
  await page.addLocatorHandler(page.getByTestId('welcome-toast'), async (toast) => {
    await toast.getByRole('button').first().click();
  });
}

type Envelope<T = any> = { success: boolean; code: string; message: string; value: T };

export async function call<T = any>(ctx: APIRequestContext, method: string, path: string, token: string, data?: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const res = await ctx.fetch(path, { method, headers: { Authorization: `Bearer ${token}`, ...headers }, data });
  return (await res.json()) as Envelope<T>;
}

/** The operator's view of a deposit by order number (waits for it to appear). */
export async function findDeposit(ctx: APIRequestContext, opsToken: string, orderNo: string): Promise<any> {
  let found: any;
  await expect
    .poll(async () => {
      const r = await call(ctx, 'GET', '/ops/v1/cashier/deposits?page=1&pageSize=100', opsToken);
      found = r.value?.list?.find((d: any) => d.orderNo === orderNo);
      return !!found;
    })
    .toBe(true);
  return found;
}

export async function findWithdrawal(ctx: APIRequestContext, opsToken: string, orderNo: string): Promise<any> {
  let found: any;
  await expect
    .poll(async () => {
      const r = await call(ctx, 'GET', '/ops/v1/cashier/withdrawals?page=1&pageSize=100', opsToken);
      found = r.value?.list?.find((d: any) => d.orderNo === orderNo);
      return !!found;
    })
    .toBe(true);
  return found;
}

/** The ports of this spec's own server: E2E_PORT+20..+29, one per spec file and project. */
export function cashierPort(slot: number, project: string): number {
  return Number(process.env.E2E_PORT ?? 18181) + 20 + slot * 2 + (project === 'phone' ? 1 : 0);
}

/**
 * A member registered for this test (username, the demo password) with an
 * opening balance from an operator's adjustment, which sets no betting
 * requirement: a withdrawal can be asked for at once, and no shared demo
 * account's state changes.
 */
export async function fundedPlayer(ctx: APIRequestContext, amount: string): Promise<{ username: string; token: string; memberId: number }> {
  const username = `cw${Date.now().toString(36).slice(-7)}${Math.floor(Math.random() * 100)}`;
  const cap = (await (await ctx.get('/wps/captcha')).json()).value;
  const { body } = await sealedApi(ctx, 'PUT', '/wps/member/register', {
    username, password: PASSWORD, confirmPassword: PASSWORD, captcha: captchaAnswer(cap.captchaKey), captchaKey: cap.captchaKey,
    registerMethod: 'WEB', domain: '127.0.0.1', registerUrl: 'e2e', login: false, botcheck: await botcheck(ctx),
  });
  expect(body.code, JSON.stringify(body)).toBe('ok');
  const ops = await operatorSession(ctx, 'finance01');
  const found = await (await ctx.get(`/ops/v1/players?by=username&q=${username}`, { headers: { Authorization: `Bearer ${ops}` } })).json();
  const memberId: number = found.value.items[0].id;
  const adj = await (await ctx.post('/ops/v1/adjustments', {
    headers: { Authorization: `Bearer ${ops}`, 'Idempotency-Key': randomUUID() },
    data: { memberId, direction: 'CREDIT', amount, reason: 'e2e opening balance' },
  })).json();
  expect(adj.code, JSON.stringify(adj)).toBe('ok');
  return { username, token: await playerToken(ctx, username), memberId };
}
