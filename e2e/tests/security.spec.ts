import { test, expect, request as pwRequest, type APIRequestContext } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { startServer, type ExtraServer } from '../lib/server';
import { sealedApi } from '../lib/sealed';
import { latestSms, latestMail, codeIn, outboxEnv } from '../lib/outbox';

// New-IP login verification, binding and CHNGPASSVERIF3 at the API, on a
// server of their own (the brand is changed and demo01 gets bound), with
// texts and mails read from the capture outbox.
const mainPort = Number(process.env.E2E_PORT ?? 18181);
const port = mainPort + 5;
let server: ExtraServer;
let api: APIRequestContext;

type Switch = { modId: string; enabled: boolean; childrenNodes: Switch[] };
const turnOn = (nodes: Switch[], id: string): Switch[] =>
  nodes.map((n) => ({ ...n, enabled: n.modId === id ? true : n.enabled, childrenNodes: turnOn(n.childrenNodes ?? [], id) }));

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer(port, outboxEnv(mainPort));
  const doc = server.exportBrand() as Record<string, unknown> & { whitelabel: Switch[] };
  server.importBrand({
    ...doc,
    loginVerify: { newIp: true, method: 'sms' },
    whitelabel: turnOn(doc.whitelabel, 'CHNGPASSVERIF3'),
  });
  api = await pwRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { 'X-Lang': 'EN' } });
  // The brand is re-read within 2 s.
  await expect
    .poll(async () => (await (await api.get('/wps/system/whitelabel')).text()).includes('"CHNGPASSVERIF3","enabled":true'), {
      timeout: 5000,
    })
    .toBe(true);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const login = async () =>
  sealedApi(api, 'POST', '/wps/session/login', { username: 'demo01', password: 'Palaro2026', botcheck: await botcheck(api) });

let token = '';

test('a login from a new IP needs the code e-mailed to the bound address', async () => {
  const since = Date.now();
  const first = await login();
  expect(first.body.code).toBe('ok');
  // demo01 has no mobile: the brand prefers SMS, the e-mail is used.
  expect(first.body.value).toMatchObject({ verifyRequired: true, verifyMethod: 'email', maskedTarget: 'd***1@palaro.example' });
  expect(first.body.value.token).toBeUndefined();
  const ticket = first.body.value.verifyTicket as string;
  const mail = await latestMail('demo01@palaro.example', { since, match: (m) => m.subject.includes('verification code') });
  expect(mail.html).toContain(codeIn(mail.text));

  const wrong = await sealedApi(api, 'POST', '/wps/session/login/verify', { verifyTicket: ticket, verificationCode: '000000' });
  expect(wrong.body.code).toMatch(/^sms\.invalid_code$/);
  const ok = await sealedApi(api, 'POST', '/wps/session/login/verify', { verifyTicket: ticket, verificationCode: codeIn(mail.text) });
  const body = ok.body;
  expect(body.code).toBe('ok');
  expect(body.value.token).toHaveLength(43);
  expect(body.value.userInfo.account).toBe('demo01');

  // The IP is known now: the next login answers a session straight away.
  const again = await login();
  expect(again.body.value.token).toHaveLength(43);
  token = again.body.value.token;
});

test('binding a mobile, the security centre and a password change with a code', async () => {
  const auth = { Authorization: `Bearer ${token}` };
  const mobile = `0918${String(Date.now()).slice(-7)}`;
  const since = Date.now();
  const sent = await api.post('/wps/member/bind/mobile/code', { headers: auth, data: { mobileNum: mobile, botcheck: await botcheck(api) } });
  expect(await sent.json()).toMatchObject({ code: 'ok', value: { expiredMinutes: 5 } });
  const sms = await latestSms(mobile, { since });
  expect(sms.purpose).toBe('bind_mobile');
  const bound = await api.put('/wps/member/bind/mobile', { headers: auth, data: { mobileNum: mobile, verificationCode: codeIn(sms.text) } });
  const value = (await bound.json()).value;
  expect(value).toMatchObject({ mobileBound: true, countryDialingCode: '63', emailBound: true, email: 'd***1@palaro.example' });
  expect(value.mobileNum).toBe(`${mobile[1]}*****${mobile.slice(-4)}`);

  const sec = await (await api.get('/wps/member/security', { headers: auth })).json();
  expect(sec.value).toMatchObject({ account: 'demo01', mobileBound: true, changePasswordNeedsCode: true });

  // CHNGPASSVERIF3: the code goes to the bound mobile.
  const since2 = Date.now();
  const code = await (await api.post('/wps/member/password/code', { headers: auth })).json();
  expect(code.value).toMatchObject({ expiredMinutes: 5, maskedTarget: `+63 ${mobile[1]}** *** ${mobile.slice(-4)}` });
  const pwSms = await latestSms(mobile, { since: since2, match: (m) => m.purpose === 'password' });
  const change = { oldPassword: 'Palaro2026', newPassword: 'Bago2026x', confirmNewPassword: 'Bago2026x' };
  const without = await sealedApi(api, 'POST', '/wps/member/password', change, auth);
  expect(without.body.code).toBe('sms.code_required');
  const withCode = await sealedApi(api, 'POST', '/wps/member/password', { ...change, verificationCode: codeIn(pwSms.text) }, auth);
  expect(withCode.body.code).toBe('ok');
});
