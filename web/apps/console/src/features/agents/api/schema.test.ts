import { describe, expect, it } from 'vitest';
import { amountToMinor, billFilterSchema, billsCsv, formatRate, minorPlain, moveSchema, offerSchema, percentToBp, rejectSchema, toOffer, type OfferInput } from './schema';
import type { Bill } from './commission';

const tier = (validBets: string, activeMembers: string, rate: string, netLoss = '') => ({ validBets, netLoss, activeMembers, rate });
const offer = (o: Partial<OfferInput>): OfferInput => ({ agent: 'agent01', type: 'daily_wage', period: 'weekly', tiers: [tier('50000', '5', '0.5')], winRate: '', lossRate: '', betRate: '', ...o });
const issues = (v: OfferInput) => {
  const r = offerSchema(2).safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('money and rates without floats', () => {
  it('percent to basis points and back', () => {
    expect(percentToBp('0.5')).toBe(50);
    expect(percentToBp('12.34')).toBe(1234);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('0.123')).toBeUndefined();
    expect(percentToBp('-1')).toBeUndefined();
    expect(percentToBp('1e2')).toBeUndefined();
    expect(formatRate(50)).toBe('0.5%');
    expect(formatRate(1234)).toBe('12.34%');
    expect(formatRate(2000)).toBe('20%');
    expect(formatRate(1)).toBe('0.01%');
    expect(formatRate(10_000)).toBe('100%');
  });
  it('amounts to minor units and plain CSV numbers', () => {
    expect(amountToMinor('1,000.50', 2)).toBe(100_050);
    expect(amountToMinor('0.1', 2)).toBe(10);
    expect(amountToMinor('1.230', 2)).toBe(123); // a trailing zero is no third decimal
    expect(amountToMinor('1.234', 2)).toBeUndefined();
    expect(amountToMinor('-5', 2)).toBeUndefined();
    expect(amountToMinor('99999999999999999', 2)).toBeUndefined(); // beyond a safe integer
    expect(amountToMinor('12', 0)).toBe(12);
    expect(minorPlain(123_456_789, 2)).toBe('1234567.89');
    expect(minorPlain(-5, 2)).toBe('-0.05');
    expect(minorPlain(7, 0)).toBe('7');
  });
});

describe('the offer follows the server rules (internal/commission checkTiers, checkRates)', () => {
  it('a valid wage offer becomes minor units and basis points, no net loss', () => {
    const v = offer({ tiers: [tier('50,000', '5', '0.5'), tier('200000', '15', '0.8'), tier('500000', '30', '1.2')] });
    expect(issues(v)).toEqual([]);
    expect(toOffer(v, 2)).toEqual({
      type: 'daily_wage',
      period: undefined,
      tiers: [
        { validBets: 5_000_000, netLoss: 0, activeMembers: 5, rate: 50 },
        { validBets: 20_000_000, netLoss: 0, activeMembers: 15, rate: 80 },
        { validBets: 50_000_000, netLoss: 0, activeMembers: 30, rate: 120 },
      ],
    });
  });
  it('a dividend needs a period and net-loss thresholds', () => {
    const v = offer({ type: 'dividend', period: 'weekly', tiers: [tier('100000', '5', '20', '10000'), tier('500000', '10', '25', '50000')] });
    expect(issues(v)).toEqual([]);
    expect(toOffer(v, 2)).toMatchObject({ type: 'dividend', period: 'weekly', tiers: [{ netLoss: 1_000_000, rate: 2000 }, { netLoss: 5_000_000, rate: 2500 }] });
    expect(issues({ ...v, period: 'hourly' })).toEqual(['period:period']);
    expect(issues({ ...v, tiers: [tier('100000', '5', '20', '')] })).toEqual(['tiers.0.netLoss:amountInvalid']);
  });
  it('tiers rise: thresholds never below and not all equal, rates strictly higher', () => {
    expect(issues(offer({ tiers: [tier('500', '5', '1'), tier('400', '6', '2')] }))).toEqual(['tiers.1.validBets:tiersOrder']);
    expect(issues(offer({ tiers: [tier('500', '5', '1'), tier('500', '5', '2')] }))).toEqual(['tiers.1.validBets:tiersOrder']);
    expect(issues(offer({ tiers: [tier('500', '5', '1'), tier('500', '6', '2')] }))).toEqual([]); // one threshold up is enough
    expect(issues(offer({ tiers: [tier('500', '5', '2'), tier('600', '6', '2')] }))).toEqual(['tiers.1.rate:tiersRate']);
  });
  it('1 to 10 tiers, rates from 0.01% to 100%, whole member counts, the agent named', () => {
    expect(issues(offer({ tiers: [] }))).toEqual(['tiers:tiersCount']);
    const eleven = Array.from({ length: 11 }, (_, i) => tier(String(i + 1), String(i), String(i + 1)));
    expect(issues(offer({ tiers: eleven }))).toEqual(['tiers:tiersCount']);
    expect(issues(offer({ tiers: [tier('1', '1', '0')] }))).toEqual(['tiers.0.rate:rateInvalid']);
    expect(issues(offer({ tiers: [tier('1', '1', '100.01')] }))).toEqual(['tiers.0.rate:rateInvalid']);
    expect(issues(offer({ tiers: [tier('1', '1.5', '1')] }))).toEqual(['tiers.0.activeMembers:countInvalid']);
    expect(issues(offer({ tiers: [tier('1.001', '1', '1')] }))).toEqual(['tiers.0.validBets:amountInvalid']);
    expect(issues(offer({ agent: '  ' }))).toEqual(['agent:agent']);
  });
  it('real-time: three rates of 0 to 100%, not all zero; tiers ignored', () => {
    const v = offer({ type: 'realtime', tiers: [], winRate: '0.1', lossRate: '5', betRate: '' });
    expect(issues(v)).toEqual([]);
    expect(toOffer(v, 2)).toEqual({ type: 'realtime', realtime: { winRate: 10, lossRate: 500, betRate: 0 } });
    expect(issues({ ...v, winRate: '', lossRate: '0' })).toEqual(['winRate:ratesAllZero']);
    expect(issues({ ...v, betRate: '101' })).toEqual(['betRate:rateInvalid']);
  });
});

describe('the other forms', () => {
  it('move: an upline unless detached, a reason of 1 to 200', () => {
    expect(moveSchema.safeParse({ parentAccount: 'sub01', detach: false, reason: 'agent asked' }).success).toBe(true);
    expect(moveSchema.safeParse({ parentAccount: '', detach: true, reason: 'left' }).success).toBe(true);
    expect(moveSchema.safeParse({ parentAccount: ' ', detach: false, reason: 'x' }).success).toBe(false);
    expect(moveSchema.safeParse({ parentAccount: 'sub01', detach: false, reason: '  ' }).success).toBe(false);
    expect(moveSchema.safeParse({ parentAccount: 'sub01', detach: false, reason: '好'.repeat(200) }).success).toBe(true);
    expect(moveSchema.safeParse({ parentAccount: 'sub01', detach: false, reason: '好'.repeat(201) }).success).toBe(false);
  });
  it('a bill rejection needs a reason of 1 to 200', () => {
    expect(rejectSchema.safeParse({ reason: 'duplicate' }).success).toBe(true);
    expect(rejectSchema.safeParse({ reason: ' ' }).success).toBe(false);
    expect(rejectSchema.safeParse({ reason: 'x'.repeat(201) }).success).toBe(false);
  });
  it('the bills period: both days or neither, in order, at most 366 days', () => {
    const f = { agent: '', type: '', status: '' };
    expect(billFilterSchema.safeParse({ ...f, from: '', to: '' }).success).toBe(true);
    expect(billFilterSchema.safeParse({ ...f, from: '2026-01-01', to: '2027-01-01' }).success).toBe(true); // 366 days
    expect(billFilterSchema.safeParse({ ...f, from: '2026-01-01', to: '2027-01-02' }).success).toBe(false);
    expect(billFilterSchema.safeParse({ ...f, from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(billFilterSchema.safeParse({ ...f, from: '2026-02-31', to: '2026-03-01' }).success).toBe(false);
    expect(billFilterSchema.safeParse({ ...f, from: '2026-03-01', to: '' }).success).toBe(false);
  });
});

describe('the bills CSV', () => {
  it('plain amounts, worded type and status, the platform named, formula-safe', () => {
    const bill: Bill = {
      id: 7,
      contractId: 3,
      type: 'daily_wage',
      payerId: 0,
      payerAccount: '',
      payeeId: 9,
      payeeAccount: '=agent01',
      periodStart: Date.UTC(2026, 10, 1),
      periodEnd: Date.UTC(2026, 10, 2),
      inputs: { validBets: 32_000_000, bets: 29_000_000, wins: 30_000_000, netLoss: -1_000_000, activeMembers: 18, carryIn: 0, carryOut: 0, tier: 2, rate: 80, winRate: 0, lossRate: 0, betRate: 0 },
      amount: 256_000,
      paid: 0,
      status: 'awaiting_approval',
      currency: 'PHP',
      createdAt: 0,
      paidAt: 0,
    };
    const csv = billsCsv([bill], ['a', 'b'], 2, { platform: 'Platform', type: (x) => `T:${x}`, status: (x) => `S:${x}` });
    const row = csv.split('\r\n')[1].split(',');
    expect(csv.startsWith('\ufeffa,b\r\n')).toBe(true);
    expect(row[0]).toBe('7');
    expect(row[2]).toBe('T:daily_wage');
    expect(row[5]).toBe('Platform');
    expect(row[6]).toBe("'=agent01");
    expect(row.slice(7, 14)).toEqual(['320000.00', '-10000.00', '18', '2', '0.8%', '2560.00', '0.00']); // a team that won: a negative number, not text
    expect(row.slice(14)).toEqual(['S:awaiting_approval', 'PHP']);
  });
});
