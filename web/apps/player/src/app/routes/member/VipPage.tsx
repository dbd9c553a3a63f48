// Personal centre page: the VIP bonus page (the side menu's VIP entry).
import { VipClub } from '@/features/vip';
import { paths } from '@/lib/paths';
import { useRewardMoney } from './rewardMoney';

export default function VipPage() {
  const { formatMoney } = useRewardMoney();
  return <VipClub formatMoney={formatMoney} rewardCentrePath={paths.rewardCenter} bonusBetsPath={paths.bonusBets} />;
}
