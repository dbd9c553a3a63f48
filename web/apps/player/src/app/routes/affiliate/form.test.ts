import { describe, expect, it } from 'vitest';
import { applyBody, applySchema } from './form';

const ok = { contactName: 'Maria', mobileNum: '0917 555 1234', email: '', channel: 'TIKTOK', channelUrl: '@maria', audience: '1200', message: '', username: '' };

describe('applySchema', () => {
  it('takes a mobile or an e-mail', () => {
    expect(applySchema.safeParse(ok).success).toBe(true);
    expect(applySchema.safeParse({ ...ok, mobileNum: '', email: 'm@example.com' }).success).toBe(true);
    const none = applySchema.safeParse({ ...ok, mobileNum: '' });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe('contactRequired');
  });
  it('refuses what the server refuses', () => {
    for (const bad of [{ contactName: ' ' }, { mobileNum: '12ab' }, { email: 'x@y' }, { channel: 'MYSPACE' }, { channelUrl: '' }, { audience: '-1' }, { audience: '2000000000' }, { message: 'x'.repeat(501) }])
      expect(applySchema.safeParse({ ...ok, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
  it('sends the captcha and username for visitors only', () => {
    const v = applySchema.parse(ok);
    expect(applyBody(v, false, { key: 'k', value: 'ABCDE' }, 'b')).not.toHaveProperty('captcha');
    expect(applyBody(v, true, { key: 'k', value: 'ABCDE' }, 'b')).toMatchObject({ captcha: 'ABCDE', captchaKey: 'k', audience: 1200 });
  });
});
