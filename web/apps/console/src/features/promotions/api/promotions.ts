// The promotions engine in the console (docs/rewards-api.md "Promotions",
// console routes): the promotions with their spending, create, edit, pause
// and resume, and the applications' review queue with their images.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const TYPES = ['RELOAD', 'FIXED', 'CASHBACK', 'APPLICATION', 'RAFFLE'] as const;
export type PromotionType = (typeof TYPES)[number];
export type Frequency = 'ONCE' | 'DAILY' | 'WEEKLY';

export type Draft = {
  articleId: number;
  type: PromotionType;
  titleEN: string;
  titleTY: string;
  joinRequired: boolean;
  percent: number;
  rates: Record<string, number>;
  amount: number;
  cap: number;
  minDeposit: number;
  frequency: Frequency;
  newWithinDays: number;
  agentId: number;
  vipMinLevel: number;
  startsAt: number;
  endsAt: number;
  budget: number;
  rewardKind: 'CASH' | 'BONUS';
  wagerMultiple: number;
  maxBet: number;
  validDays: number;
  claimDays: number;
  /** RAFFLE: how many winners the draw at endsAt picks. */
  winners: number;
};

export type Promotion = Draft & {
  id: number;
  spent: number;
  paused: boolean;
  createdAt: number;
  updatedAt: number;
  /** RAFFLE: the draw seed's SHA-256 (public), the seed once drawn, and when. */
  seedHash?: string;
  seed?: string;
  drawnAt: number;
};
export type PromotionList = { items: Promotion[]; pending: number; currency: string; decimals: number; categories: string[]; vip: boolean };

export const APP_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];
export type Application = {
  id: number;
  promotionId: number;
  promotion: string;
  memberId: number;
  account?: string;
  period: string;
  remark: string;
  status: AppStatus;
  amount: number;
  reason: string;
  images: number;
  cap: number;
  createdAt: number;
  decidedAt: number;
};
export type ApplicationPage = { items: Application[]; total: number; currency: string; decimals: number };

export const PROMOS_KEY = ['ops', 'promotions'] as const;
export const APPS_PAGE_SIZE = 10;

export const promotionsQuery = () =>
  queryOptions({ queryKey: [...PROMOS_KEY, 'list'], queryFn: ({ signal }) => api.get<PromotionList>('/ops/v1/promotions', undefined, signal) });

export const applicationsQuery = (status: AppStatus, page: number) =>
  queryOptions({
    queryKey: [...PROMOS_KEY, 'applications', status, page],
    queryFn: ({ signal }) => api.get<ApplicationPage>('/ops/v1/promotions/applications', { status, page, pageSize: APPS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** A raffle's tickets count and, once drawn, its revealed seed and winners in draw order. */
export type RaffleView = {
  id: number;
  tickets: number;
  winners: { id: number; memberId: number; account?: string; period: string; score: string }[];
  seedHash: string;
  seed?: string;
  drawnAt: number;
  endsAt: number;
};

export const raffleQuery = (id: number) =>
  queryOptions({ queryKey: [...PROMOS_KEY, 'raffle', id], queryFn: ({ signal }) => api.get<RaffleView>(`/ops/v1/promotions/${id}/raffle`, undefined, signal) });

export const createPromotion = (d: Draft) => api.post<Promotion>('/ops/v1/promotions', d);
export const updatePromotion = (id: number, d: Draft) => api.request<Promotion>('PUT', `/ops/v1/promotions/${id}`, { body: d });
/** Draws a raffle whose end has passed now (the job would at its next run). */
export const drawRaffle = (id: number) => api.post<RaffleView>(`/ops/v1/promotions/${id}/raffle/draw`);
export const setPaused = (id: number, paused: boolean) => api.post<Promotion>(`/ops/v1/promotions/${id}/${paused ? 'pause' : 'resume'}`);
export const approveApplication = (id: number, amount: number) => api.post<Application>(`/ops/v1/promotions/applications/${id}/approve`, { amount });
export const rejectApplication = (id: number, reason: string) => api.post<Application>(`/ops/v1/promotions/applications/${id}/reject`, { reason });

/** An application's image, fetched with the operator's token, as a blob URL. */
export async function fetchApplicationImage(id: number, seq: number, signal?: AbortSignal): Promise<string> {
  const res = await api.raw('GET', `/ops/v1/promotions/applications/${id}/images/${seq}`, { signal, headers: { Accept: 'image/*' } });
  return URL.createObjectURL(await res.blob());
}

/** One promotion's bonus cost in a period (docs/rewards.md "Bonus cost"). */
export type PromotionCost = {
  promotionId: number;
  type: PromotionType;
  titleEN: string;
  titleTY: string;
  issued: number;
  issuedAmount: number;
  claimed: number;
  claimedAmount: number;
  claimedCash: number;
  granted: number;
  grantedAmount: number;
  ended: number;
  converted: number;
  forfeited: number;
  /** Real money paid: claimedCash + converted. */
  cost: number;
};
export type PromotionCosts = { from: string; to: string; timezone: string; currency: string; decimals: number; rows: PromotionCost[]; total: Omit<PromotionCost, 'promotionId' | 'type' | 'titleEN' | 'titleTY'> };

export const promotionCostsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...PROMOS_KEY, 'costs', from, to],
    queryFn: ({ signal }) => api.get<PromotionCosts>('/ops/v1/promotions/costs', { from, to }, signal),
    placeholderData: keepPreviousData,
  });
