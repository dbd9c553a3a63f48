// Personal centre page: bonus bets, the manual rebate (the side menu's Bonus bets entry).
import { BonusBets } from '@/features/vip';
import { paths } from '@/lib/paths';
import { useRewardMoney } from './rewardMoney';

export default function BonusBetsPage() {
  return <BonusBets {...useRewardMoney()} vipPath={paths.vip} rewardCentrePath={paths.rewardCenter} />;
}
