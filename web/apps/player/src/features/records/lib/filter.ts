// The records pages keep their filter in the URL (a reload or a shared link
// keeps it), like the account record.
import { clampRange, isDay, presetRange, type DateRange } from '@/lib/dateRange';
import { GAME_TYPES, ROUND_STATUSES, type RoundStatus } from '../api/bets';

/** The date range in the URL; missing or malformed: the previous 7 days. */
export function readRange(params: URLSearchParams, today: string): DateRange {
  const from = params.get('from');
  const to = params.get('to');
  return isDay(from) && isDay(to) ? clampRange({ from, to }, today) : presetRange('last7', today);
}

/** The betting record's filter in the URL; anything unknown falls back to all, page 1. */
export function readBetFilter(params: URLSearchParams, today: string): { range: DateRange; gameType: string; status: RoundStatus | ''; page: number } {
  const gt = params.get('gameType') ?? '';
  const st = params.get('status') ?? '';
  return {
    range: readRange(params, today),
    gameType: (GAME_TYPES as readonly string[]).includes(gt) ? gt : '',
    status: (ROUND_STATUSES as readonly string[]).includes(st) ? (st as RoundStatus) : '',
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
  };
}

/** Writes a filter back into URL parameters (empty values and page 1 left out). */
export function writeFilter(params: URLSearchParams, f: { range: DateRange; gameType?: string; status?: string; page?: number }): URLSearchParams {
  const n = new URLSearchParams(params);
  n.set('from', f.range.from);
  n.set('to', f.range.to);
  for (const [k, v] of [['gameType', f.gameType], ['status', f.status]] as const) {
    if (v) n.set(k, v);
    else n.delete(k);
  }
  if (f.page && f.page > 1) n.set('page', String(f.page));
  else n.delete('page');
  return n;
}
