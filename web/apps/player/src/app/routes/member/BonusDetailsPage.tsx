// Personal centre page: the bonus balance and its wagering (bonusDetails).
import { BonusDetails } from '@/features/rewards/components/BonusDetails';
import { useRewardMoney } from './rewardMoney';

export default function BonusDetailsPage() {
  return <BonusDetails {...useRewardMoney()} />;
}
