import { describe, expect, test } from 'vitest';
import { convertSchema, redeemSchema } from './schemas';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('redeem form', () => {
  const empty = { name: '', phone: '', address: '' };
  test('bonus cash needs a quantity in range and a 6-digit password, no address', () => {
    const s = redeemSchema({ goods: false, maxQuantity: 3 });
    expect(issues(s.safeParse({ quantity: '1', paymentPassword: '135790', address: empty }))).toEqual([]);
    expect(issues(s.safeParse({ quantity: '4', paymentPassword: '1357', address: empty }))).toEqual(['quantity:quantityRange', 'paymentPassword:passwordFormat']);
  });
  test('goods need the delivery address (the server checks the same bounds)', () => {
    const s = redeemSchema({ goods: true, maxQuantity: 1 });
    expect(issues(s.safeParse({ quantity: '1', paymentPassword: '135790', address: { name: 'J', phone: '12', address: 'x' } }))).toEqual([
      'address.name:nameRequired',
      'address.phone:phoneFormat',
      'address.address:addressRequired',
    ]);
    expect(issues(s.safeParse({ quantity: '1', paymentPassword: '135790', address: { name: 'Juan', phone: '+63 917 123 4567', address: '12 Rizal St' } }))).toEqual([]);
  });
});

describe('convert form', () => {
  const s = convertSchema({ min: 500, step: 100, balance: 800 });
  test.each([
    ['700', []],
    ['450', ['points:convertMin']],
    ['550', ['points:convertStep']],
    ['900', ['points:notEnough']],
    ['abc', ['points:convertStep']],
  ])('%s points', (points, want) => {
    expect(issues(s.safeParse({ points, paymentPassword: '135790' }))).toEqual(want);
  });
});
