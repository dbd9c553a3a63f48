import { describe, expect, test } from 'vitest';
import type { RegisterField } from '@/features/system/api/status';
import { registerModes, switchEnabled } from '@/features/system/switches';
import { formFields, toRuleDate, validateRegisterForm } from './RegisterModal';
import { ageOn, birthdayMessage, fieldMessage, parseBirthday, problemMessage } from './registerRules';
import { newPasswordErrors, passwordRule } from './passwordForm';

const rule = (field: string, enabled: boolean, required: boolean, patternId: string, min: number, max: number, acceptedPattern = '*'): RegisterField => ({
  field, enabled, required, patternId, minLength: min, maxLength: max, acceptedPattern,
});

// The demo brand's rules (internal/brand/demo.go), patterns as docs/brand.md lists them.
const DEMO: RegisterField[] = [
  rule('username', true, true, 'LETTER_FIRST', 6, 16, '^[A-Za-z][A-Za-z0-9]*$'),
  rule('password', true, true, 'LETTERS_DIGITS', 6, 20, '^(?:[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+)[A-Za-z0-9]*$'),
  rule('confirmPassword', true, true, 'LETTERS_DIGITS', 6, 20, '^(?:[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+)[A-Za-z0-9]*$'),
  rule('payeeName', true, false, 'ENGLISH_SPACES', 2, 50, '^[A-Za-z ]+$'),
  rule('email', true, false, 'EMAIL', 6, 64, '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$'),
  rule('mobileNum', true, false, 'DIGITS', 10, 11, '^[0-9]+$'),
  rule('verificationCode', true, false, 'DIGITS', 6, 6, '^[0-9]+$'),
  rule('captcha', true, true, 'LETTERS_OR_DIGITS', 4, 4, '^[A-Za-z0-9]+$'),
  rule('affiliateCode', true, false, 'LETTERS_OR_DIGITS', 4, 16, '^[A-Za-z0-9]+$'),
  rule('qqNum', false, false, 'DIGITS', 5, 12, '^[0-9]+$'),
  rule('birthday', false, false, 'DATE_YMD', 10, 10, '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
];
const ok = { adult: true, terms: true, ageLimit: 18 };
const good = { username: 'Juan2026', password: 'Malakas99', confirmPassword: 'Malakas99', captcha: 'K7PQ' };

describe('whitelabel switches', () => {
  const tree = [
    { modId: 'USERNAMEREG3', enabled: true, childrenNodes: [] },
    { modId: 'MOBILENUMREG3', enabled: false, childrenNodes: [{ modId: 'REGMOBVERF3', enabled: true, childrenNodes: [] }] },
  ];
  test('a child is on only when its parent is', () => {
    expect(switchEnabled(tree, 'USERNAMEREG3')).toBe(true);
    expect(switchEnabled(tree, 'REGMOBVERF3')).toBe(false);
    expect(switchEnabled(tree, 'UNKNOWN')).toBe(false);
    expect(registerModes(tree)).toEqual({ username: true, mobile: false, mobileCode: false, mobilePassword: false });
  });
});

describe('register form fields', () => {
  test('username registration: fixed fields, enabled optional fields only, captcha last', () => {
    const names = formFields(DEMO, 'username', { mobileCode: true, mobilePassword: true }).map((f) => f.field);
    expect(names).toEqual(['username', 'password', 'confirmPassword', 'payeeName', 'email', 'mobileNum', 'affiliateCode', 'captcha']);
    expect(names).not.toContain('qqNum'); // disabled by the brand
  });
  test('without DIRECTREG3 the invitation code is required (no sign-up without an agent)', () => {
    const direct = formFields(DEMO, 'username', { mobileCode: false, mobilePassword: true, affiliateRequired: false });
    expect(direct.find((f) => f.field === 'affiliateCode')!.required).toBe(false);
    const viaAgent = formFields(DEMO, 'username', { mobileCode: false, mobilePassword: true, affiliateRequired: true });
    expect(viaAgent.find((f) => f.field === 'affiliateCode')!.required).toBe(true);
    expect(validateRegisterForm(viaAgent, good, ok).affiliateCode).toEqual({ key: 'validation.LETTERS_OR_DIGITS', params: { min: 4, max: 16 } });
    // Even when the brand hides the field.
    const hidden = formFields(DEMO.filter((f) => f.field !== 'affiliateCode'), 'username', { mobileCode: false, mobilePassword: true, affiliateRequired: true });
    expect(hidden.find((f) => f.field === 'affiliateCode')!.required).toBe(true);
  });
  test('mobile registration: mobile and SMS code required, the code replaces the captcha', () => {
    const fields = formFields(DEMO, 'mobile', { mobileCode: true, mobilePassword: false });
    expect(fields.map((f) => f.field)).toEqual(['mobileNum', 'verificationCode', 'password', 'confirmPassword', 'payeeName', 'email', 'affiliateCode']);
    expect(fields.find((f) => f.field === 'mobileNum')!.required).toBe(true);
    expect(fields.find((f) => f.field === 'verificationCode')!.required).toBe(true);
    expect(fields.find((f) => f.field === 'password')!.required).toBe(false);
    // Without REGMOBVERF3 there is no code and the captcha comes back.
    expect(formFields(DEMO, 'mobile', { mobileCode: false, mobilePassword: true }).map((f) => f.field)).toContain('captcha');
  });
});

describe('register form validation (spec section 5)', () => {
  const fields = formFields(DEMO, 'username', { mobileCode: false, mobilePassword: true });
  test('a complete form passes', () => {
    expect(validateRegisterForm(fields, good, ok)).toEqual({});
  });
  test('required fields use the patternId message with min and max', () => {
    const e = validateRegisterForm(fields, {}, ok);
    expect(e.username).toEqual({ key: 'validation.LETTER_FIRST', params: { min: 6, max: 16 } });
    expect(e.password).toEqual({ key: 'validation.LETTERS_DIGITS', params: { min: 6, max: 20 } });
    expect(e.captcha).toEqual({ key: 'rule.captcha' });
    // Optional fields left empty are fine.
    expect(e.email).toBeUndefined();
    expect(e.payeeName).toBeUndefined();
  });
  test('confirmation must match: inconsistent twice', () => {
    const e = validateRegisterForm(fields, { ...good, confirmPassword: 'Malakas98' }, ok);
    expect(e).toEqual({ confirmPassword: { key: 'rule.confirm' } });
  });
  test('optional fields are checked when filled: e-mail, real name, mobile digits', () => {
    const e = validateRegisterForm(fields, { ...good, email: 'juan@', payeeName: 'Juan 2', mobileNum: '0917' }, ok);
    expect(e.email).toEqual({ key: 'validation.EMAIL', params: { min: 6, max: 64 } });
    expect(e.payeeName).toEqual({ key: 'rule.realName' });
    expect(e.mobileNum).toEqual({ key: 'rule.mobile', params: { min: 10, max: 11 } });
  });
  test('an optional field the brand marks required becomes required', () => {
    const strict = fields.map((f) => (f.field === 'email' ? { ...f, required: true } : f));
    expect(validateRegisterForm(strict, good, ok).email).toEqual({ key: 'validation.EMAIL', params: { min: 6, max: 64 } });
  });
  test('age and terms are both required', () => {
    const e = validateRegisterForm(fields, good, { adult: false, terms: false, ageLimit: 18 });
    expect(e).toEqual({ adult: { key: 'rule.adult', params: { age: 18 } }, terms: { key: 'rule.terms' } });
  });
  test('mobile registration without MOBILENUMPASSREG3: passwords optional, but checked when one is given', () => {
    const mobile = formFields(DEMO, 'mobile', { mobileCode: true, mobilePassword: false });
    const base = { mobileNum: '09171234567', verificationCode: '123456' };
    expect(validateRegisterForm(mobile, base, ok)).toEqual({});
    expect(validateRegisterForm(mobile, { ...base, password: 'Malakas99' }, ok)).toEqual({ confirmPassword: { key: 'validation.LETTERS_DIGITS', params: { min: 6, max: 20 } } });
    expect(validateRegisterForm(mobile, { mobileNum: '', verificationCode: '12' }, ok)).toEqual({
      mobileNum: { key: 'rule.mobileRequired' },
      verificationCode: { key: 'rule.code' },
    });
  });
  test('birthday, when enabled, must be a real date at least 21 years back', () => {
    const withBirthday = formFields(DEMO.map((f) => (f.field === 'birthday' ? { ...f, enabled: true } : f)), 'username', { mobileCode: false, mobilePassword: true });
    const now = new Date(2026, 10, 22);
    expect(validateRegisterForm(withBirthday, { ...good, birthday: '2005-11-22' }, { ...ok, now })).toEqual({});
    expect(validateRegisterForm(withBirthday, { ...good, birthday: '2005-11-23' }, { ...ok, now })).toEqual({ birthday: { key: 'rule.birthdayAge', params: { age: 21 } } });
    expect(validateRegisterForm(withBirthday, { ...good, birthday: '2001-02-30' }, { ...ok, now }).birthday?.key).toBe('validation.DATE_YMD');
  });
});

describe('birthdays', () => {
  test('formats and ages', () => {
    expect(parseBirthday('2000-02-29', 'DATE_YMD')).toEqual({ y: 2000, m: 2, d: 29 });
    expect(parseBirthday('02-29-2001', 'DATE_MDY')).toBeUndefined();
    expect(toRuleDate('2000-12-31', 'DATE_MDY')).toBe('12-31-2000');
    expect(toRuleDate('2000-12-31', 'DATE_YMD')).toBe('2000-12-31');
    expect(ageOn({ y: 2000, m: 11, d: 23 }, new Date(2026, 10, 22))).toBe(25);
    expect(birthdayMessage('12-31-2010', 'DATE_MDY', new Date(2026, 0, 1))).toEqual({ key: 'rule.birthdayAge', params: { age: 21 } });
  });
});

describe('messages by field', () => {
  test('mobile, code and captcha have their own wording; others follow patternId', () => {
    expect(problemMessage({ field: 'verificationCode', patternId: 'DIGITS', minLength: 6, maxLength: 6 }, { kind: 'length' })).toEqual({ key: 'rule.code' });
    expect(fieldMessage(DEMO[0], 'juan')).toEqual({ key: 'validation.LETTER_FIRST', params: { min: 6, max: 16 } });
    expect(fieldMessage(DEMO[0], '1juan2026')).toEqual({ key: 'validation.LETTER_FIRST', params: { min: 6, max: 16 } });
  });
});

describe('new password (change, reset)', () => {
  const pw = passwordRule(DEMO);
  test('follows the brand password rule, confirmation equal, differs from the old one', () => {
    expect(newPasswordErrors(pw, 'Bago2026x', 'Bago2026x', 'Palaro2026')).toEqual({});
    expect(newPasswordErrors(pw, 'bago', 'bago')).toEqual({ newPassword: { key: 'validation.LETTERS_DIGITS', params: { min: 6, max: 20 } } });
    expect(newPasswordErrors(pw, 'Bago2026x', 'Bago2026y')).toEqual({ confirmNewPassword: { key: 'rule.confirm' } });
    expect(newPasswordErrors(pw, 'Bago2026x', '')).toEqual({ confirmNewPassword: { key: 'rule.confirmRequired' } });
    expect(newPasswordErrors(pw, 'Palaro2026', 'Palaro2026', 'Palaro2026')).toEqual({ newPassword: { key: 'rule.samePassword' } });
  });
  test('without a brand rule the server minimum of 6 applies', () => {
    expect(passwordRule(undefined)).toMatchObject({ minLength: 6, patternId: 'ANY' });
  });
});
