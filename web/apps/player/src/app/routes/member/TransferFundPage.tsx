// Personal centre page: my wallet (transferFund), inside the personal centre
// layout, with the consolidated funds when the brand's AGENTPOLICY3 is on.
import { switchEnabled } from '@/features/system/switches';
import { ConsolidatedFunds } from '@/features/wallet/components/ConsolidatedFunds';
import { TransferFund } from '@/features/wallet/components/TransferFund';
import { useBrandInfo } from '../../brand';

export default function TransferFundPage() {
  const info = useBrandInfo();
  return (
    <>
      <TransferFund />
      <ConsolidatedFunds enabled={switchEnabled(info.whitelabel, 'AGENTPOLICY3')} />
    </>
  );
}
