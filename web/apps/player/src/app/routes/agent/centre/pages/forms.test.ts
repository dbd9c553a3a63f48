import { amountToMinor, offerSchema, percentToBp, toOffer, type OfferInput } from './contractSchema';
import { downlineSchema } from './downlineSchema';
import { transferSchema } from './TransferForm';

const tier = (validBets: string, netLoss: string, activeMembers: string, rate: string) => ({ validBets, netLoss, activeMembers, rate });
const offer = (o: Partial<OfferInput>): OfferInput => ({ type: 'dividend', period: 'weekly', tiers: [], winRate: '', lossRate: '', betRate: '', ...o });
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

test('percentages become basis points and amounts minor units, without floats', () => {
  expect([percentToBp('25'), percentToBp('0.15'), percentToBp('12.5'), percentToBp('100')]).toEqual([2500, 15, 1250, 10000]);
  expect([percentToBp('1.234'), percentToBp('-1'), percentToBp('x')]).toEqual([undefined, undefined, undefined]);
  expect([amountToMinor('1,000.50', 2), amountToMinor('0.1', 2), amountToMinor('1.005', 2)]).toEqual([100050, 10, undefined]);
});

test('tiers must rise in thresholds and in rate, as the server checks', () => {
  const s = offerSchema(2);
  expect(messages(s.safeParse(offer({ tiers: [tier('10000', '1000', '5', '20'), tier('50000', '5000', '10', '25')] })))).toEqual([]);
  expect(messages(s.safeParse(offer({ tiers: [tier('10000', '1000', '5', '20'), tier('10000', '1000', '5', '25')] })))).toEqual(['tiersOrder']);
  expect(messages(s.safeParse(offer({ tiers: [tier('10000', '1000', '5', '20'), tier('5000', '2000', '6', '25')] })))).toEqual(['tiersOrder']);
  expect(messages(s.safeParse(offer({ tiers: [tier('10000', '1000', '5', '20'), tier('50000', '5000', '10', '20')] })))).toEqual(['tiersRate']);
  expect(messages(s.safeParse(offer({ tiers: [tier('10000', '1000', '5', '0')] })))).toEqual(['rateInvalid']);
  expect(messages(s.safeParse(offer({ tiers: [] })))).toEqual(['tiersCount']);
  // A wage has no net-loss threshold.
  expect(messages(s.safeParse(offer({ type: 'daily_wage', tiers: [tier('10000', '', '5', '1')] })))).toEqual([]);
  expect(toOffer(offer({ tiers: [tier('100', '10', '2', '12.5')] }), 9, 2)).toEqual({ downlineId: 9, type: 'dividend', period: 'weekly', tiers: [{ validBets: 10000, netLoss: 1000, activeMembers: 2, rate: 1250 }] });
});

test('real-time rates: at least one above zero, none above 100 %', () => {
  const s = offerSchema(2);
  expect(messages(s.safeParse(offer({ type: 'realtime', winRate: '0.1', lossRate: '5', betRate: '' })))).toEqual([]);
  expect(messages(s.safeParse(offer({ type: 'realtime', winRate: '0', lossRate: '', betRate: '0' })))).toEqual(['ratesAllZero']);
  expect(messages(s.safeParse(offer({ type: 'realtime', winRate: '101', lossRate: '1', betRate: '' })))).toEqual(['rateInvalid']);
  expect(toOffer(offer({ type: 'realtime', winRate: '0.1', lossRate: '5', betRate: '' }), 3, 2)).toEqual({ downlineId: 3, type: 'realtime', realtime: { winRate: 10, lossRate: 500, betRate: 0 } });
});

test('a transfer stays within the limits and the balance', () => {
  const s = transferSchema({ balance: 50_000, min: 100, max: 5_000_000, decimals: 2 });
  const v = (amount: string, paymentPassword = '123456', remark = '') => messages(s.safeParse({ amount, paymentPassword, remark }));
  expect(v('100.50')).toEqual([]);
  expect(v('')).toEqual(['amountRequired']);
  expect(v('0.5')).toEqual(['amountMin']);
  expect(v('500.01')).toEqual(['amountBalance']);
  expect(v('1.005')).toEqual(['amountDecimals']);
  expect(v('10', '')).toEqual(['passwordRequired']);
  expect(v('10', '1', 'x'.repeat(61))).toEqual(['remarkTooLong']);
});

test("a direct creation follows the brand's username rule; the password may be left empty", () => {
  const s = downlineSchema([{ field: 'username', enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 16, patternId: 'LETTER_FIRST' }]);
  expect(s.safeParse({ username: 'player9', password: '', kind: 'MEMBER' }).success).toBe(true);
  expect(s.safeParse({ username: '9player', password: '', kind: 'MEMBER' }).success).toBe(false);
  expect(s.safeParse({ username: 'player9', password: '123', kind: 'AGENT' }).success).toBe(false);
  expect(s.safeParse({ username: 'player9', password: 'secret12', kind: 'AGENT' }).success).toBe(true);
});
