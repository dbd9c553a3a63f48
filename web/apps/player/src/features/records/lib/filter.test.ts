import { addDays } from '@/lib/dateRange';
import { readBetFilter, readRange, writeFilter } from './filter';

const today = '2026-11-22';

test('reads a valid filter from the URL', () => {
  const f = readBetFilter(new URLSearchParams('from=2026-11-01&to=2026-11-10&gameType=LIVE&status=OPEN&page=3'), today);
  expect(f).toEqual({ range: { from: '2026-11-01', to: '2026-11-10' }, gameType: 'LIVE', status: 'OPEN', page: 3 });
});

test('anything unknown falls back: previous 7 days, all categories and statuses, page 1', () => {
  const f = readBetFilter(new URLSearchParams('from=2026-13-01&to=x&gameType=live;drop&status=WON&page=-2'), today);
  expect(f).toEqual({ range: { from: addDays(today, -6), to: today }, gameType: '', status: '', page: 1 });
});

test('a range past today or longer than the limit is clamped', () => {
  expect(readRange(new URLSearchParams('from=2026-11-20&to=2026-12-31'), today)).toEqual({ from: '2026-11-20', to: today });
  expect(readRange(new URLSearchParams('from=2025-01-01&to=2026-11-22'), today)).toEqual({ from: addDays(today, -89), to: today });
});

test('writes the filter back, leaving out empty values and page 1, keeping other parameters', () => {
  const n = writeFilter(new URLSearchParams('lang=EN&status=OPEN&page=4'), { range: { from: '2026-11-01', to: '2026-11-02' }, gameType: 'RNG', status: '', page: 1 });
  expect(Object.fromEntries(n)).toEqual({ lang: 'EN', from: '2026-11-01', to: '2026-11-02', gameType: 'RNG' });
  expect(writeFilter(new URLSearchParams(), { range: { from: today, to: today }, page: 2 }).get('page')).toBe('2');
});
