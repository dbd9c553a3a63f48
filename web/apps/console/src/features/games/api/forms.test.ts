import { expect, test } from 'vitest';
import { gamePatch, gameSchema, inhouseDefaults, inhousePatch, inhouseSchema, localToMs, msToLocal, vendorDefaults, vendorPatch, vendorSchema } from './forms';
import { moveOrder, type InhouseGame, type OpsGame, type OpsVendor } from './games';

const vendor: OpsVendor = { code: 'PG', gameType: 'RNG', displayName: 'PG Soft', walletType: 'SEAMLESS', disabled: false, maintenance: false, maintenanceWindow: { from: 0, to: 0 }, inMaintenance: false, isNew: false, sort: 10, games: 4 };
const game: OpsGame = { nodeId: 7, gameCode: 'pg-1', name: 'Fortune', vendor: 'PG', gameType: 'RNG', subCategory: '', disabled: false, maintenance: false, maintenanceWindow: { from: 0, to: 0 }, inMaintenance: false, isHot: false, isNew: false, sort: 20 };
const slot: InhouseGame = { game: 'slot', name: 'Parol', minBet: 100, maxBet: 1_000_000, jackpotContributionBp: 100, slotProfile: '96', ownMinBet: 0, ownMaxBet: 0, ownJackpotContributionBp: 0, ownSlotProfile: '' };
const now = () => new Date('2026-11-27T12:00').getTime();

test('a vendor patch carries only what changed, with the reason', () => {
  const f = { ...vendorDefaults(vendor), on: false, maintenance: true, reason: ' contract ' };
  expect(vendorPatch(vendor, f)).toEqual({ disabled: true, maintenance: true, reason: 'contract' });
  expect(vendorPatch(vendor, { ...vendorDefaults(vendor), reason: 'nothing' })).toBeNull();
});

test('the reason is 3 to 200 characters, as on the server', () => {
  const schema = vendorSchema(vendor.maintenanceWindow, now);
  expect(schema.safeParse({ ...vendorDefaults(vendor), reason: 'ab' }).success).toBe(false);
  expect(schema.safeParse({ ...vendorDefaults(vendor), reason: 'x'.repeat(201) }).success).toBe(false);
  expect(schema.safeParse({ ...vendorDefaults(vendor), reason: 'abc' }).success).toBe(true);
});

test('a maintenance window must end after it starts and in the future; a cleared one is {0, 0}', () => {
  const schema = gameSchema(game.maintenanceWindow, now);
  const base = { ...gameDefaults(), reason: 'server move' };
  const issue = (from: string, to: string) => {
    const r = schema.safeParse({ ...base, from, to });
    return r.success ? null : r.error.issues[0].message;
  };
  expect(issue('2026-11-28T10:00', '2026-11-28T09:00')).toBe('form.windowOrder');
  expect(issue('2026-11-26T10:00', '2026-11-26T11:00')).toBe('form.windowPast');
  expect(issue('2026-11-28T10:00', '')).toBe('form.windowBoth');
  expect(issue('2026-11-28T10:00', '2026-11-28T12:00')).toBeNull();
  const set = { ...game, maintenanceWindow: { from: localToMs('2026-11-28T10:00'), to: localToMs('2026-11-28T12:00') } };
  expect(gamePatch(set, { ...base, from: '', to: '' })).toEqual({ maintenanceWindow: { from: 0, to: 0 }, reason: 'server move' });
  expect(msToLocal(localToMs('2026-11-28T10:00'))).toBe('2026-11-28T10:00');
});

test('in-house limits are typed in major units and sent in minor units; the share in percent is sent in basis points', () => {
  const f = { ...inhouseDefaults(slot, 2), minBet: '5', maxBet: '2,500.50', share: '2.5', slotProfile: '94', reason: 'promo week' };
  expect(inhouseDefaults(slot, 2)).toMatchObject({ minBet: '1.00', maxBet: '10000.00', share: '1.00', slotProfile: '96' });
  expect(inhousePatch(slot, f, 2)).toEqual({ minBet: 500, maxBet: 250_050, jackpotContributionBp: 250, slotProfile: '94', reason: 'promo week' });
  const schema = inhouseSchema(2, ['94', '96', '97'], true);
  const first = (v: object) => {
    const r = schema.safeParse({ ...f, ...v });
    return r.success ? null : r.error.issues[0].message;
  };
  expect(first({})).toBeNull();
  expect(first({ maxBet: '4' })).toBe('form.range');
  expect(first({ minBet: '0' })).toBe('form.amount');
  expect(first({ minBet: '1.005' })).toBe('form.amount');
  expect(first({ share: '100.01' })).toBe('form.share');
  expect(first({ share: '0' })).toBe('form.share');
  expect(first({ slotProfile: '95' })).toBe('form.profile');
});

test('moving a game lists the category up to the pair, the pair swapped', () => {
  const list = [1, 2, 3, 4].map((nodeId) => ({ ...game, nodeId }));
  expect(moveOrder(list, 2, -1)).toEqual([1, 3, 2]);
  expect(moveOrder(list, 0, 1)).toEqual([2, 1]);
  expect(moveOrder(list, 0, -1)).toBeNull();
  expect(moveOrder(list, 3, 1)).toBeNull();
});

function gameDefaults() {
  return { on: true, maintenance: false, from: '', to: '', isHot: false, isNew: false, subCategory: '' as const, sort: '20', reason: '' };
}
