import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { rewardSummaryQuery } from '../api/rewards';

/**
 * Rewards waiting to be claimed (availablePromoCount), for the red badges.
 * Asked only once the member info says this is a real user: trial users are
 * refused (reward.real_only) and make no call.
 */
export function useRewardCount(): number {
  const session = useSession();
  const real = session.loggedIn && !session.loading && !!session.info && !session.isTrial;
  const q = useQuery(rewardSummaryQuery(session.token, real));
  return real ? (q.data?.availablePromoCount ?? 0) : 0;
}
