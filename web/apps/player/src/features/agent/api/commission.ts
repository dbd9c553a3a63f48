// Contracts and commission bills (internal/commission, docs/commission-api.md):
// the contract-type switches, contracts offered/received, bills and my income.
// Rates are basis points (10,000 = 100 %); amounts minor units.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export type ContractType = 'dividend' | 'daily_wage' | 'hourly_wage' | 'realtime';
export const CONTRACT_TYPES: ContractType[] = ['dividend', 'daily_wage', 'hourly_wage', 'realtime'];
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];

export type Tier = { validBets: number; netLoss: number; activeMembers: number; rate: number };
export type RealtimeRates = { winRate: number; lossRate: number; betRate: number };
export type ContractStatus = 'pending' | 'active' | 'rejected' | 'terminated';
export type Contract = {
  id: number;
  type: ContractType;
  period: string;
  uplineId: number;
  uplineAccount: string;
  downlineId: number;
  downlineAccount: string;
  tiers: Tier[];
  realtime: RealtimeRates | null;
  status: ContractStatus;
  endReason: string;
  replacesId: number;
  offeredAt: number;
  decidedAt: number;
  endedAt: number;
};
export type ContractInfo = { dailysalreqtype: boolean; divtypereq: boolean; contracthoursalreq: boolean; realtimesalreqtype: boolean; activeMemberMin: number; dividendPeriods: string[] };

export type BillStatus = 'paid' | 'partly_paid' | 'insufficient_funds' | 'not_reached' | 'awaiting_approval' | 'rejected' | 'expired';
export type Bill = {
  id: number;
  contractId: number;
  type: ContractType;
  payerId: number;
  payerAccount: string;
  payeeId: number;
  payeeAccount: string;
  periodStart: number;
  periodEnd: number;
  inputs: { validBets: number; bets: number; wins: number; netLoss: number; activeMembers: number; carryIn: number; carryOut: number; tier: number; rate: number; winRate: number; lossRate: number; betRate: number };
  amount: number;
  paid: number;
  status: BillStatus;
  createdAt: number;
  paidAt: number;
};
export type Paged<T> = { list: T[]; total: number; page: number; pageSize: number };
export const COMMISSION_PAGE_SIZE = 20;

export const contractInfoQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['agent', 'contracts', 'info'] as const,
    queryFn: ({ signal }) => apiGet<ContractInfo>('/wps/agent/contracts/info', undefined, signal),
    enabled,
    staleTime: 60_000,
  });

export type ContractsFilter = { side?: 'upline' | 'downline'; type?: ContractType; status?: ContractStatus; page: number };
export const contractsQuery = (f: ContractsFilter) =>
  queryOptions({
    queryKey: ['agent', 'contracts', 'list', f] as const,
    queryFn: ({ signal }) => apiGet<Paged<Contract>>('/wps/agent/contracts', { side: f.side, type: f.type, status: f.status, page: f.page, pageSize: COMMISSION_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export type Offer = { downlineId: number; type: ContractType; period?: string; tiers?: Tier[]; realtime?: RealtimeRates };
export const offerContract = (body: Offer) => apiRequest<Contract>('POST', '/wps/agent/contracts', { body });
export const decideContract = (id: number, action: 'accept' | 'reject' | 'terminate') => apiRequest<Contract>('POST', `/wps/agent/contracts/${id}/${action}`);

export type BillsFilter = { side: 'earned' | 'paid'; type: ContractType; status?: BillStatus; from?: string; to?: string; page: number };
export const billsQuery = (f: BillsFilter) =>
  queryOptions({
    queryKey: ['agent', 'bills', f] as const,
    queryFn: ({ signal }) =>
      apiGet<Paged<Bill> & { sums: { amount: number; paid: number } }>(
        '/wps/agent/commission/bills',
        { side: f.side, type: f.type, status: f.status, from: f.from, to: f.to, page: f.page, pageSize: COMMISSION_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export type IncomeLine = { contractId: number; type: ContractType; uplineAccount: string; earned: number; paid: number; pending: number };
export type Income = { list: IncomeLine[]; totals: { earned: number; paid: number; pending: number; paidOut: number } };
export const incomeQuery = (p: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['agent', 'income', p] as const,
    queryFn: ({ signal }) => apiGet<Income>('/wps/agent/commission/income', p, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
