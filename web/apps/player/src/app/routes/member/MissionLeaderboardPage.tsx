// Personal centre page: missions and leaderboards (missionLeaderboard), amounts in the wallet's currency style.
import { MissionLeaderboard } from '@/features/missions';
import { useRewardMoney } from './rewardMoney';

export default function MissionLeaderboardPage() {
  return <MissionLeaderboard formatMoney={useRewardMoney().formatMoney} />;
}
