import { fromRow, levelsSchema, toRow, type VipLevel } from './api';

const silver: VipLevel = { level: 2, name: 'Silver', names: { EN: 'Silver', TY: 'Pilak', CN: '白银' }, minValidBets: 100_000, minDeposits: 0, keepValidBets: 50_000, upgradeReward: 1_800, weeklyReward: 0, monthlyReward: 3_800, rates: { RNG: 30, LIVE: 15 } };
const bronze: VipLevel = { level: 1, name: 'Bronze', names: { EN: 'Bronze', TY: 'Tanso' }, minValidBets: 0, minDeposits: 0, keepValidBets: 0, upgradeReward: 0, weeklyReward: 0, monthlyReward: 0, rates: { RNG: 20 } };

describe('VIP levels form', () => {
  test('a level goes to the form and back unchanged (rates in percent, money in major units)', () => {
    const row = toRow(silver, 2, ['LIVE', 'RNG', 'SPORTS']);
    expect(row).toMatchObject({ names: { EN: 'Silver', TY: 'Pilak', CN: '白银', JA: '' }, minValidBets: '1000.00', keepValidBets: '500.00', rates: { RNG: '0.30', LIVE: '0.15', SPORTS: '0.00' } });
    expect(fromRow(row, 1, 2)).toEqual(silver);
  });

  test('the schema refuses a first level above 0, thresholds not rising, a rate above 10 % and an empty EN or TY name', () => {
    const rows = [toRow(bronze, 2, ['RNG']), toRow(silver, 2, ['RNG'])];
    expect(levelsSchema.safeParse({ levels: rows }).success).toBe(true);
    const bad = structuredClone(rows);
    bad[0].minValidBets = '1';
    bad[1].minValidBets = '0';
    bad[1].rates.RNG = '10.01';
    bad[1].names.EN = ' ';
    bad[0].names.TY = '';
    const res = levelsSchema.safeParse({ levels: bad });
    expect(res.success).toBe(false);
    const paths = res.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort();
    expect(paths).toEqual(['levels.0.minValidBets:firstZero', 'levels.0.names.TY:name', 'levels.1.minValidBets:rising', 'levels.1.names.EN:name', 'levels.1.rates.RNG:rate']);
  });
});
