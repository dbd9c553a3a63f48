import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { walletI18n } from '@/test/wallet';
import { NOTICE_KINDS } from './api/messages';
import { displayParams, noticeText } from './noticeText';

const repo = join(__dirname, '..', '..', '..', '..', '..', '..');

/** The kinds internal/notify declares (`KindX = "value"`): every one the server can send. */
function serverKinds(): string[] {
  const src = readFileSync(join(repo, 'internal', 'notify', 'notify.go'), 'utf8');
  return [...src.matchAll(/^\s*Kind\w*\s*=\s*"([^"]+)"/gm)].map((m) => m[1]);
}

test('every kind the server sends is worded by the storefront', () => {
  const kinds = serverKinds();
  expect(kinds.length).toBeGreaterThan(15);
  expect(kinds.filter((k) => !(NOTICE_KINDS as readonly string[]).includes(k))).toEqual([]);
  // And every worded kind still exists on the server.
  expect(NOTICE_KINDS.filter((k) => !kinds.includes(k))).toEqual([]);
  const t = walletI18n().t;
  for (const k of kinds) {
    // The parameters the server fills in (notify_test.go TestRenderEveryKind).
    const params = { amount: '1.00', currency: 'PHP', orderNo: 'X', reason: 'because', reply: 'thank you', contractId: '3', type: 'dividend', upline: 'agent01', downline: 'sub01', period: '2026-11-27 00:00', paid: '0.50', code: 'AB12CD34' };
    const text = noticeText(t, k, params);
    expect(text?.title, k).not.toBe(`notice.${k}.title`);
    expect(text?.body, k).not.toMatch(/{{|notice\./);
  }
});

test('contract and commission messages: contract type in words, money, period, the platform as upline', () => {
  const t = walletI18n().t;
  expect(noticeText(t, 'contract_offered', { contractId: '7', type: 'daily_wage', upline: '', downline: 'sub01' })).toEqual({
    title: 'New contract offer',
    body: 'New daily wage contract offer from the platform (no. 7). Accept or reject it in the agent centre, under Contract requests.',
  });
  expect(noticeText(t, 'commission_paid', { type: 'dividend', amount: '12345.60', currency: 'PHP', period: '2026-11-23 00:00', upline: '', downline: 'agent01' }, { PHP: '₱' })?.body).toBe(
    'Your dividend commission of ₱12,345.60 for the period from 2026-11-23 was paid into your balance.',
  );
  expect(noticeText(t, 'commission_partly_paid', { type: 'hourly_wage', amount: '2000.00', paid: '1500.50', currency: 'PHP', period: '2026-11-27 13:00' })?.body).toBe(
    'Only part of your hourly salary commission for the period from 2026-11-27 13:00 could be paid: 1,500.50 PHP of 2,000.00 PHP.',
  );
  expect(noticeText(t, 'commission_payer_short', { type: 'realtime', amount: '9.10', currency: 'PHP', period: '2026-11-27 13:05', upline: 'agent01', downline: 'sub01' })?.body).toBe(
    'You owe sub01 9.10 PHP (real-time salary commission, period from 2026-11-27 13:05), but your balance is too low. Add funds: it is paid at the next settlement.',
  );
  expect(noticeText(t, 'some_future_kind', {})).toBeUndefined();
});

test('notice params: thousands separators, currency, dashes for missing values', () => {
  expect(displayParams({ amount: '1234567.50', currency: 'PHP', orderNo: 'D1' }, { PHP: '₱' })).toEqual({ amount: '₱1,234,567.50', currency: 'PHP', orderNo: 'D1', reason: '—' });
  expect(displayParams({ amount: '100.00', currency: 'USD' })).toMatchObject({ amount: '100.00 USD', orderNo: '—' });
  expect(displayParams(null)).toEqual({ reason: '—', orderNo: '—' });
});
