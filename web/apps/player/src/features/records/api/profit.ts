// Personal profit and loss (personalProfit): per day (newest first) and
// category, with day and range totals (GET /wps/records/profit).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Sums } from './bets';

export type CategoryProfit = Sums & { gameType: string };
export type ProfitDay = { day: string; categories: CategoryProfit[]; total: Sums };
export type ProfitReport = { days: ProfitDay[]; total: Sums; from?: string; to?: string; timezone?: string };

export const profitQuery = (token: string | undefined, f: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['records', 'profit', token ?? '', f] as const,
    queryFn: ({ signal }) => apiGet<ProfitReport>('/wps/records/profit', { from: f.from, to: f.to }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
