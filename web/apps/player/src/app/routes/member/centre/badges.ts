// Red count badges on the centre menu (spec section 2: missionLeaderboard,
// messageV2, rewardCenter when the count is above 0). The centre layout calls
// this hook once; each entry's count comes from its own feature hook.
import { useUnreadCount } from '@/features/messages';
import { useRewardCount } from '@/features/rewards/hooks/useRewardCount';
import { useMissionCount } from '@/features/missions/hooks/useMissionCount';
import type { CentreKey } from './registry';

export type CentreBadges = Partial<Record<CentreKey, number>>;

export function useCentreBadges(): CentreBadges {
  const messageV2 = useUnreadCount();
  const rewardCenter = useRewardCount();
  const missionLeaderboard = useMissionCount();
  return { messageV2, rewardCenter, missionLeaderboard };
}
