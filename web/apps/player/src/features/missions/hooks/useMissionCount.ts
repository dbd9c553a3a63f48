import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { missionSummaryQuery } from '../api/missions';

/**
 * The missionLeaderboard red badge: mission rewards and leaderboard prizes
 * issued and still waiting in the reward centre. Real users only.
 */
export function useMissionCount(): number {
  const session = useSession();
  const real = session.loggedIn && !session.loading && !!session.info && !session.isTrial;
  const q = useQuery(missionSummaryQuery(session.token, real));
  return real ? (q.data?.count ?? 0) : 0;
}
