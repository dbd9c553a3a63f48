import { describe, expect, it } from 'vitest';
import { formSchema, toDraft, toForm } from './schema';

const base = () => ({ ...toForm(undefined, 2, ['RNG', 'LIVE']), titleEN: 'Reload', titleTY: 'Reload muli' });

describe('promotion form', () => {
  it('turns a reload into the server draft in minor units and basis points', () => {
    const v = { ...base(), type: 'RELOAD' as const, percent: '30', cap: '1,500.00', minDeposit: '500', frequency: 'DAILY' as const, joinRequired: true, budget: '500000' };
    expect(formSchema.safeParse(v).success).toBe(true);
    const d = toDraft(formSchema.parse(v), 2);
    expect(d).toMatchObject({ type: 'RELOAD', percent: 3000, cap: 150000, minDeposit: 50000, frequency: 'DAILY', joinRequired: true, budget: 50000000, rewardKind: 'BONUS', wagerMultiple: 10 });
  });
  it('refuses the wrong terms per type', () => {
    const issues = (v: object) => (formSchema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues({ ...base(), type: 'RELOAD', percent: '0', cap: '10' })).toContain('percent:v.percent');
    expect(issues({ ...base(), type: 'FIXED', amount: '' })).toContain('amount:v.money');
    expect(issues({ ...base(), type: 'CASHBACK', cap: '10', frequency: 'ONCE' })).toEqual(expect.arrayContaining(['frequency:v.frequency', 'percent:v.rates']));
    expect(issues({ ...base(), type: 'CASHBACK', cap: '10', frequency: 'WEEKLY', rates: { RNG: '101', LIVE: '' } })).toContain('rates.RNG:v.percent');
    expect(issues({ ...base(), type: 'APPLICATION', cap: '10', rewardKind: 'BONUS', wagerMultiple: '0' })).toContain('wagerMultiple:v.wager');
    expect(issues({ ...base(), type: 'APPLICATION', cap: '10', endsAt: base().startsAt })).toContain('endsAt:v.schedule');
    expect(issues({ ...base(), type: 'RAFFLE', amount: '1000', winners: '0' })).toContain('winners:v.winners');
    expect(issues({ ...base(), type: 'RAFFLE', amount: '', winners: '5', frequency: 'WEEKLY' })).toEqual(expect.arrayContaining(['amount:v.money', 'frequency:v.frequency']));
  });
  it('turns a raffle into a prize and a winners count, with no join step', () => {
    const v = { ...base(), type: 'RAFFLE' as const, amount: '1,000.00', winners: '5', rewardKind: 'CASH' as const, joinRequired: true, budget: '5000' };
    const d = toDraft(formSchema.parse(v), 2);
    expect(d).toMatchObject({ type: 'RAFFLE', amount: 100000, winners: 5, cap: 0, joinRequired: false, budget: 500000, wagerMultiple: 0 });
  });
});
