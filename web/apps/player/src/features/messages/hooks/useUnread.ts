import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { unreadQuery } from '../api/messages';

/**
 * The unread-message count for the member menu and the centre menu badges.
 * Asked only once the member info says this is a real user: trial users never
 * trigger the unread call (spec section 4).
 */
export function useUnreadCount(): number {
  const session = useSession();
  const real = session.loggedIn && !session.loading && !!session.info && !session.isTrial;
  const q = useQuery(unreadQuery(session.token, real));
  return real ? (q.data ?? 0) : 0;
}
