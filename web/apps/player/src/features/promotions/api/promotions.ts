// The promotions engine for players (docs/rewards-api.md "Promotions"): each
// promotion's status and action for the caller (visitors too), joining, and
// the application with its images. Amounts are minor units of the answer's
// currency, rates basis points, times epoch ms.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

/** Spec section 4's activity statuses (docs/rewards.md "Promotion statuses"). */
export const PROMOTION_STATUSES = ['COMING_SOON', 'JOIN', 'JOINED', 'APPLYING', 'PROCESS', 'REJECTED', 'CLAIM', 'CLAIMED', 'ISSUED', 'CLOSE'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export type PromotionAction = 'NONE' | 'JOIN' | 'APPLY' | 'CLAIM' | 'TICKET';
export type PromotionType = 'RELOAD' | 'FIXED' | 'CASHBACK' | 'APPLICATION' | 'RAFFLE';

export type PromotionView = {
  id: number;
  articleId: number;
  type: PromotionType;
  title: string;
  status: PromotionStatus;
  action: PromotionAction;
  /** CLOSE: ended, paused, budget, ineligible; REJECTED: the operator's reason; ISSUED: expired. */
  reason?: string;
  startsAt: number;
  endsAt: number;
  rewardKind: 'CASH' | 'BONUS';
  amount: number;
  percent: number;
  cap: number;
  minDeposit: number;
  frequency: 'ONCE' | 'DAILY' | 'WEEKLY';
  wagerMultiple: number;
  joined: boolean;
  applicationId?: number;
  images?: number;
  /** RAFFLE: winners drawn at endsAt, the draw seed's SHA-256, and the seed once drawn. */
  winners?: number;
  seedHash?: string;
  seed?: string;
};

export type PromotionStatuses = { list: PromotionView[]; loggedIn: boolean; currency: string; decimals: number };

export const PROMOTIONS_QUERY_ROOT = ['promotions', 'status'] as const;

export const promotionStatusQuery = (token: string | undefined, lang: string) =>
  queryOptions({
    queryKey: [...PROMOTIONS_QUERY_ROOT, token ?? '', lang] as const,
    queryFn: ({ signal }) => apiGet<PromotionStatuses>('/wps/promotions/status', undefined, signal),
    staleTime: 15_000,
  });

export function joinPromotion(id: number): Promise<{ id: number; type: PromotionType; issued: boolean }> {
  return apiRequest('POST', `/wps/promotions/${encodeURIComponent(String(id))}/join`);
}

export function applyPromotion(id: number, remark: string, images: File[]): Promise<{ application: { id: number } }> {
  const body = new FormData();
  body.append('remark', remark);
  for (const f of images) body.append('images', f, f.name);
  return apiRequest('POST', `/wps/promotions/${encodeURIComponent(String(id))}/apply`, { body });
}

/** Takes a raffle ticket (one per member, or one a day for a DAILY raffle). */
export function takeRaffleTicket(id: number): Promise<{ id: number; ticket: { id: number; period: string } }> {
  return apiRequest('POST', `/wps/promotions/${encodeURIComponent(String(id))}/raffle`);
}
