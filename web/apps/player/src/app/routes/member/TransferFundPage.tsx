// Personal centre page: my wallet (transferFund), inside the personal centre layout.
import { TransferFund } from '@/features/wallet/components/TransferFund';

export default function TransferFundPage() {
  return <TransferFund />;
}
