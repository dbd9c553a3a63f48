import { test, expect, type APIRequestContext } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { latestSms, latestMail, codeIn, linkIn, failSms, okSms } from '../lib/outbox';

// Solves the server's proof-of-work challenge as the browser does.
// A number no other spec uses, different per project and run.
function freshMobile() {
  return `0917${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`;
}

test('a reset e-mail reaches the SMTP outbox with its link', async ({ request }) => {
  const since = Date.now();
  const res = await request.post('/wps/member/password/email', {
    form: { username: 'demo01', email: 'demo01@palaro.example' },
    headers: { 'X-Lang': 'EN' },
  });
  expect((await res.json()).code).toBe('ok');
  const mail = await latestMail('DEMO01@palaro.example', { since });
  expect(mail.subject).toContain('reset your password');
  expect(mail.html).toContain('<a href=');
  expect(linkIn(mail.text)).toMatch(/\?resetToken=[A-Za-z0-9_-]{43}$/);
});

test('an SMS code reaches the gateway outbox', async ({ request }) => {
  const mobile = freshMobile();
  const since = Date.now();
  const sent = await request.post('/wps/verification/sms/register', {
    data: { mobileNo: mobile, botcheck: await botcheck(request) },
    headers: { 'X-Lang': 'EN' },
  });
  expect(await sent.json()).toMatchObject({ code: 'ok', value: { expiredMinutes: 5 } });
  const sms = await latestSms(mobile, { since });
  expect(sms.to).toBe(`+63${mobile.slice(1)}`);
  expect(sms.purpose).toBe('register');
  expect(sms.text).toContain('Your verification code is');
  expect(codeIn(sms.text)).toMatch(/^\d{6}$/);
  // The same number in other spellings finds the same text.
  expect((await latestSms(`+63${mobile.slice(1)}`, { since })).text).toBe(sms.text);
});

test('a failing gateway answers sms.send_failed and the number can ask again at once', async ({ request }) => {
  const mobile = freshMobile();
  await failSms(mobile);
  try {
    const res = await request.post('/wps/verification/sms/register', {
      data: { mobileNo: mobile, botcheck: await botcheck(request) },
    });
    expect(res.status()).toBe(503);
    expect((await res.json()).code).toBe('sms.send_failed');
  } finally {
    await okSms(mobile);
  }
  const since = Date.now();
  const again = await request.post('/wps/verification/sms/register', {
    data: { mobileNo: mobile, botcheck: await botcheck(request) },
  });
  expect((await again.json()).code).toBe('ok');
  expect(codeIn((await latestSms(mobile, { since })).text)).toMatch(/^\d{6}$/);
});
