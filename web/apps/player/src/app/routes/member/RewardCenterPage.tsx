// Personal centre page: the reward centre (rewardCenter), amounts in the wallet's currency style.
import { RewardCentre } from '@/features/rewards/components/RewardCentre';
import { useRewardMoney } from './rewardMoney';

export default function RewardCenterPage() {
  return <RewardCentre {...useRewardMoney()} />;
}
