import { expect, test } from 'vitest';
import { bpToPercent, fromTermsForm, issueSchema, percentToBp, termsSchema, toIssueBody, toTermsForm, type RewardTerms } from './schemas';

const demo: RewardTerms = {
  welcome: { percent: 100, cap: 500_000, minDeposit: 20_000, wagerMultiple: 15, wagerWithDeposit: true, maxBet: 50_000, claimDays: 7, validDays: 30, weights: { RNG: 10000, FISH: 10000, BGS: 5000, SPORTS: 2000, LIVE: 1000 }, startsAt: 1 },
  rebate: { rates: { RNG: 120, LIVE: 80, SPORTS: 60 }, at: '05:00', minAmount: 100, claimDays: 3, startsAt: 2 },
};

test('the issue schema has the server rules; bonus fields count only for a bonus', () => {
  const s = issueSchema(2);
  const ok = { kind: 'CASH', amount: '100', titleEN: 'Goodwill', titleTY: '', claimDays: '7', wagerMultiple: 'x', maxBet: 'x', validDays: 'x', reason: 'outage' };
  const msg = (v: object) => {
    const r = s.safeParse({ ...ok, ...v });
    return r.success ? 'ok' : r.error.issues[0].message;
  };
  expect(msg({})).toBe('ok');
  expect(msg({ amount: '1.234' })).toBe('v.amountDecimals');
  expect(msg({ amount: '0' })).toBe('v.amountPositive');
  expect(msg({ amount: '-1' })).toBe('v.amountFormat');
  expect(msg({ titleEN: ' ' })).toBe('v.title');
  expect(msg({ titleTY: 'x'.repeat(81) })).toBe('v.title');
  expect(msg({ claimDays: '91' })).toBe('v.claimDays');
  expect(msg({ claimDays: '0' })).toBe('v.claimDays');
  expect(msg({ reason: 'ab' })).toBe('v.reason');
  const bonus = { kind: 'BONUS', wagerMultiple: '10', maxBet: '5.50', validDays: '7' };
  expect(msg(bonus)).toBe('ok');
  expect(msg({ ...bonus, wagerMultiple: '101' })).toBe('v.wager');
  expect(msg({ ...bonus, maxBet: '5.555' })).toBe('v.amountDecimals');
  expect(msg({ ...bonus, maxBet: '0' })).toBe('ok');
  expect(msg({ ...bonus, validDays: '366' })).toBe('v.validDays');
  const body = toIssueBody(s.parse({ ...ok, ...bonus, titleTY: ' Pasasalamat ' }));
  expect(body).toEqual({ kind: 'BONUS', amount: '100', titleEN: 'Goodwill', titleTY: 'Pasasalamat', claimDays: 7, wagerMultiple: 10, maxBet: '5.50', validDays: 7, reason: 'outage' });
  expect(toIssueBody(s.parse(ok))).toMatchObject({ kind: 'CASH', wagerMultiple: 0, maxBet: '0', validDays: 0 });
});

test('percentages and basis points without floats', () => {
  expect(bpToPercent(120)).toBe('1.2');
  expect(bpToPercent(10000)).toBe('100');
  expect(bpToPercent(5)).toBe('0.05');
  expect(percentToBp('1.2')).toBe(120);
  expect(percentToBp('0.05')).toBe(5);
  expect(percentToBp('1.234')).toBeUndefined();
});

test('the terms form shows what a person reads and saves what the brand stores', () => {
  const f = toTermsForm(demo, 2);
  expect(f.welcomeCap).toBe('5000.00');
  expect(f.welcomeMinDeposit).toBe('200.00');
  expect(f.weights.LIVE).toBe('10');
  expect(f.weights.PVP).toBe('');
  expect(f.rebateRates.RNG).toBe('1.2');
  expect(f.rebateMinAmount).toBe('1.00');
  expect(termsSchema(2).safeParse(f).success).toBe(true);
  expect(fromTermsForm(f, demo, 2)).toEqual({ ...demo, welcome: { ...demo.welcome, maxConvert: 0 } });
  const changed = fromTermsForm({ ...f, welcomePercent: '50', welcomeCap: '2500', rebateRates: { ...f.rebateRates, FISH: '0.75', SPORTS: '' } }, demo, 2);
  expect(changed.welcome.percent).toBe(50);
  expect(changed.welcome.cap).toBe(250_000);
  expect(changed.rebate.rates).toEqual({ RNG: 120, LIVE: 80, FISH: 75 });
  expect(changed.welcome.startsAt).toBe(1);
  const bad = (v: object) => {
    const r = termsSchema(2).safeParse({ ...f, ...v });
    return r.success ? 'ok' : r.error.issues[0].message;
  };
  expect(bad({ rebateRates: { ...f.rebateRates, RNG: '10.01' } })).toBe('v.rate');
  expect(bad({ weights: { ...f.weights, RNG: '101' } })).toBe('v.weight');
  expect(bad({ rebateAt: '25:00' })).toBe('v.at');
  expect(bad({ welcomeCap: '0' })).toBe('v.amountPositive');
  expect(bad({ welcomePercent: '0', welcomeCap: '0', welcomeClaimDays: '0' })).toBe('ok');
  expect(bad({ welcomeValidDays: '0' })).toBe('v.termDays');
});
