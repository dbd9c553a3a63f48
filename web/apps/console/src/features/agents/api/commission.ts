// Contracts and commission bills in the console (docs/commission-api.md,
// operator routes): lists with filters, the platform's offer to a top agent,
// its termination, and the approval of bills the platform pays. Rates are
// basis points, amounts minor units of the answer's currency.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { lookupMember } from './agents';

export const CONTRACT_TYPES = ['dividend', 'daily_wage', 'hourly_wage', 'realtime'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_STATUSES = ['pending', 'active', 'rejected', 'terminated'] as const;
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export const BILL_STATUSES = ['paid', 'partly_paid', 'insufficient_funds', 'not_reached', 'awaiting_approval', 'rejected', 'expired', 'due'] as const;

export type Tier = { validBets: number; netLoss: number; activeMembers: number; rate: number };
export type Rates = { winRate: number; lossRate: number; betRate: number };

export type Contract = {
  id: number;
  type: ContractType;
  period: string;
  /** 0: the platform. */
  uplineId: number;
  uplineAccount: string;
  downlineId: number;
  downlineAccount: string;
  tiers: Tier[] | null;
  realtime: Rates | null;
  status: (typeof CONTRACT_STATUSES)[number];
  endReason: string;
  replacesId: number;
  offeredAt: number;
  decidedAt: number;
  endedAt: number;
};

export type Bill = {
  id: number;
  contractId: number;
  type: ContractType;
  /** 0: the platform. */
  payerId: number;
  payerAccount: string;
  payeeId: number;
  payeeAccount: string;
  periodStart: number;
  periodEnd: number;
  inputs: {
    validBets: number;
    bets: number;
    wins: number;
    netLoss: number;
    activeMembers: number;
    carryIn: number;
    carryOut: number;
    tier: number;
    rate: number;
    winRate: number;
    lossRate: number;
    betRate: number;
  };
  amount: number;
  paid: number;
  status: string;
  currency: string;
  createdAt: number;
  paidAt: number;
};

type Money = { currency: string; decimals: number };
export type ContractPage = Money & { list: Contract[]; total: number; page: number; pageSize: number };
export type BillPage = Money & { list: Bill[]; total: number; page: number; pageSize: number; sums: { amount: number; paid: number } };

export type ContractFilter = { agent: string; type: string; status: string };
export type BillFilter = { agent: string; type: string; status: string; from: string; to: string };

export const PAGE_SIZE = 25;
export const commissionKeys = { all: ['ops', 'commission'] as const, contracts: ['ops', 'commission', 'contracts'] as const, bills: ['ops', 'commission', 'bills'] as const };

/** The agent filter's id: a username is looked up first (agent.member_not_found when none). */
async function agentId(agent: string, signal?: AbortSignal): Promise<number | undefined> {
  return agent.trim() ? (await lookupMember(agent, signal)).id : undefined;
}

export const contractsQuery = (f: ContractFilter, page: number) =>
  queryOptions({
    queryKey: [...commissionKeys.contracts, f, page],
    queryFn: async ({ signal }) => {
      const id = await agentId(f.agent, signal);
      const v = await api.get<ContractPage>('/ops/v1/agents/contracts', { agentId: id, type: f.type, status: f.status, page, pageSize: PAGE_SIZE }, signal);
      return { ...v, list: v.list ?? [] };
    },
    placeholderData: keepPreviousData,
  });

const billParams = (f: BillFilter, id: number | undefined, page: number, pageSize: number) => ({
  agentId: id,
  type: f.type,
  status: f.status,
  from: f.from,
  to: f.to,
  page,
  pageSize,
});

export const billsQuery = (f: BillFilter, page: number, pageSize = PAGE_SIZE) =>
  queryOptions({
    queryKey: [...commissionKeys.bills, f, page, pageSize],
    queryFn: async ({ signal }) => {
      const id = await agentId(f.agent, signal);
      const v = await api.get<BillPage>('/ops/v1/agents/bills', billParams(f, id, page, pageSize), signal);
      return { ...v, list: v.list ?? [] };
    },
    placeholderData: keepPreviousData,
  });

/** Every bill of the filter for the CSV file, page after page, up to `cap` rows (truncated says when more matched). */
export async function allBills(f: BillFilter, cap = 5000): Promise<{ list: Bill[]; decimals: number; truncated: boolean }> {
  const id = await agentId(f.agent);
  const list: Bill[] = [];
  let decimals = 2;
  for (let page = 1; ; page++) {
    const v = await api.get<BillPage>('/ops/v1/agents/bills', billParams(f, id, page, 100));
    decimals = v.decimals;
    list.push(...(v.list ?? []));
    if (list.length >= v.total || (v.list ?? []).length === 0) return { list, decimals, truncated: false };
    if (list.length >= cap) return { list: list.slice(0, cap), decimals, truncated: true };
  }
}

export type Offer = { downlineId: number; type: ContractType; period?: string; tiers?: Tier[]; realtime?: Rates };

/** The platform's offer to a top agent named by username. */
export async function offerContract(agent: string, offer: Omit<Offer, 'downlineId'>): Promise<Contract> {
  const member = await lookupMember(agent);
  return api.post<Contract>('/ops/v1/agents/contracts', { ...offer, downlineId: member.id });
}

export const terminateContract = (id: number) => api.post<Contract>(`/ops/v1/agents/contracts/${id}/terminate`);
export const approveBill = (id: number) => api.post<Bill>(`/ops/v1/agents/bills/${id}/approve`);
export const rejectBill = (id: number, reason: string) => api.post<Bill>(`/ops/v1/agents/bills/${id}/reject`, { reason: reason.trim() });
