import { describe, expect, it } from 'vitest';
import { applyBody, checkApply, type ApplyForm } from './form';

const ok: ApplyForm = { contactName: 'Maria', mobileNum: '0917 555 1234', email: '', channel: 'TIKTOK', channelUrl: '@maria', audience: '1200', message: '', username: '' };

describe('checkApply', () => {
  it('takes a mobile or an e-mail', () => {
    expect(checkApply(ok)).toEqual({});
    expect(checkApply({ ...ok, mobileNum: '', email: 'm@example.com' })).toEqual({});
    expect(checkApply({ ...ok, mobileNum: '' })).toEqual({ mobileNum: 'contactRequired' });
  });
  it('refuses what the server refuses', () => {
    const bad: Partial<ApplyForm>[] = [{ contactName: ' ' }, { mobileNum: '12ab' }, { email: 'x@y' }, { channel: '' }, { channelUrl: '' }, { audience: '-1' }, { audience: '2000000000' }, { message: 'x'.repeat(501) }];
    for (const b of bad) expect(Object.keys(checkApply({ ...ok, ...b })), JSON.stringify(b)).toHaveLength(1);
  });
  it('sends the captcha and username for visitors only', () => {
    expect(applyBody(ok, false, { key: 'k', value: 'ABCDE' }, 'b')).not.toHaveProperty('captcha');
    expect(applyBody(ok, true, { key: 'k', value: 'ABCDE' }, 'b')).toMatchObject({ captcha: 'ABCDE', captchaKey: 'k', audience: 1200 });
  });
});
