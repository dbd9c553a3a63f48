import { test, expect, request as pwRequest, type APIRequestContext, type Page } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { startServer, type ExtraServer } from '../lib/server';
import { sealedApi } from '../lib/sealed';
import { latestSms, codeIn, outboxEnv } from '../lib/outbox';

// Verification-code login (MOBILEVERCODELOGIN3): with the switch on, the login
// popup has a mobile tab; a member registered by mobile logs in with the code
// texted to them, without a password and without the bot check. Own server
// (E2E_PORT+16) because the brand is changed.
const mainPort = Number(process.env.E2E_PORT ?? 18181);
let server: ExtraServer;
let api: APIRequestContext;

type Switch = { modId: string; enabled: boolean; childrenNodes: Switch[] };
const setSwitch = (nodes: Switch[], id: string, on: boolean): Switch[] =>
  nodes.map((n) => ({ ...n, enabled: n.modId === id ? on : n.enabled, childrenNodes: setSwitch(n.childrenNodes ?? [], id, on) }));

async function quietPopups(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  server = await startServer(mainPort + 16, outboxEnv(mainPort));
  const doc = server.exportBrand() as Record<string, unknown> & { whitelabel: Switch[] };
  server.importBrand({ ...doc, whitelabel: setSwitch(doc.whitelabel, 'MOBILEVERCODELOGIN3', true) });
  api = await pwRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { 'X-Lang': 'EN' } });
  // The brand is re-read within 2 s.
  await expect
    .poll(async () => (await (await api.get('/wps/system/whitelabel')).text()).includes('"MOBILEVERCODELOGIN3","enabled":true'), { timeout: 5000 })
    .toBe(true);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('a member registered by mobile logs in with the texted code', async ({ page }) => {
  // Register by mobile through the API (the register popup has its own spec).
  const mobile = `0918${String(Date.now()).slice(-7)}`;
  let since = Date.now();
  const sent = await api.post('/wps/verification/sms/register', { data: { mobileNo: mobile, countryDialingCode: '63', botcheck: await botcheck(api) } });
  expect((await sent.json()).code).toBe('ok');
  const regCode = codeIn((await latestSms(mobile, { since })).text);
  const reg = await sealedApi(api, 'PUT', '/wps/member/register/mobile', {
    mobileNum: mobile,
    countryDialingCode: '63',
    verificationCode: regCode,
    password: 'Malakas99',
    confirmPassword: 'Malakas99',
    registerMethod: 'WEB',
    botcheck: await botcheck(api),
    login: false,
  });
  expect(reg.body.code).toBe('ok');

  await quietPopups(page);
  await page.goto(server.url + '/login');
  const modal = page.getByTestId('login-modal');
  const tabs = modal.getByRole('tab');
  await expect(tabs).toHaveCount(2, { timeout: 20_000 });
  await tabs.nth(1).click();
  // Empty submit: the mobile and code messages in Tagalog.
  await modal.locator('button[type="submit"]').click();
  await expect(modal.locator('.field-error').first()).toBeVisible();
  await modal.locator('input[type="tel"]').fill(mobile);
  since = Date.now();
  await modal.getByTestId('login-sms-send').click();
  // The resend button counts down and is disabled meanwhile.
  await expect(modal.getByTestId('login-sms-send')).toBeDisabled({ timeout: 20_000 });
  await expect(modal.getByTestId('login-sms-send')).toHaveText(/\d+/);
  const code = codeIn((await latestSms(mobile, { since })).text);
  await modal.locator('input[name="code"]').fill(code);
  const login = page.waitForRequest((r) => r.url().endsWith('/wps/session/login') && r.method() === 'POST');
  await modal.locator('button[type="submit"]').click();
  // The SMS login sends no bot check (spec section 4); the body is sealed.
  expect((await login).postData() ?? '').not.toContain(code);
  await expect(page.getByTestId('header-account')).toHaveText(`m${mobile.slice(1)}`, { timeout: 30_000 });
  await expect(modal).toHaveCount(0);
});
