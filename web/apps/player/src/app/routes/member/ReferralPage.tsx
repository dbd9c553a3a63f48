// Personal centre page: refer and earn (referral), amounts in the wallet's currency style.
import { ReferEarn } from '@/features/referral';
import { paths } from '@/lib/paths';
import { copyText } from '../agent/copy';
import { useRewardMoney } from './rewardMoney';

export default function ReferralPage() {
  const { formatMoney } = useRewardMoney();
  return <ReferEarn formatMoney={formatMoney} copy={(text) => copyText(text)} rewardCenterPath={paths.rewardCenter} />;
}
