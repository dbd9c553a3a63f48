import { expect, test } from 'vitest';
import { auditCsv } from './csv';
import { auditParams, normalizeEntry } from './audit';
import { diff } from './diff';

test("reads the contract's rows and today's", () => {
  expect(
    normalizeEntry({ id: 7, at: 1000, operatorId: 2, operatorUsername: 'fin', action: 'player.lock', targetType: 'member', targetId: 42, reason: 'fraud', before: { status: 'ACTIVE' }, after: { status: 'LOCKED' }, ip: '127.0.0.1' }),
  ).toEqual({ id: 7, at: 1000, operatorId: 2, operatorUsername: 'fin', action: 'player.lock', target: 'member:42', reason: 'fraud', before: { status: 'ACTIVE' }, after: { status: 'LOCKED' }, ip: '127.0.0.1' });
  expect(normalizeEntry({ id: 8, createdAt: 2000, operatorId: 1, operator: 'ops01', action: 'adjust', target: 'member:9', detail: { amount: 100, reason: 'goodwill' }, ip: '::1' })).toMatchObject({
    at: 2000,
    operatorUsername: 'ops01',
    target: 'member:9',
    reason: 'goodwill',
    before: null,
    after: { amount: 100 },
  });
});

test('the filter becomes the query: days as the local day bounds in Unix ms, blanks left out', () => {
  const p = auditParams({ action: ' login ', operatorId: '', from: '2026-11-01', to: '2026-11-02' }, 2, 25);
  expect(p).toMatchObject({ page: 2, pageSize: 25, action: 'login', operatorId: undefined });
  expect(p.to! - p.from!).toBe(2 * 86_400_000);
});

test('the diff lists changed fields only, nested ones by path', () => {
  expect(diff({ status: 'ACTIVE', limits: { day: 100, week: 500 }, same: 1 }, { status: 'LOCKED', limits: { day: 50, week: 500 }, same: 1, note: 'x' })).toEqual([
    { field: 'status', before: 'ACTIVE', after: 'LOCKED' },
    { field: 'limits.day', before: '100', after: '50' },
    { field: 'note', before: '', after: 'x' },
  ]);
  expect(diff(null, null)).toEqual([]);
});

test('the CSV is formula-safe', () => {
  const csv = auditCsv([{ id: 1, at: 0, operatorId: 1, operatorUsername: 'ops01', action: 'login', target: '', reason: '=HYPERLINK("x")', before: null, after: null, ip: '1.2.3.4' }], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
  expect(csv.startsWith('\ufeffa,b,')).toBe(true);
  expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
});
