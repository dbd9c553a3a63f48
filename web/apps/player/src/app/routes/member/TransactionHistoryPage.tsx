// Personal centre page: the account record (transactionHistory), inside the personal centre layout.
import { TransactionHistory } from '@/features/wallet/components/TransactionHistory';

export default function TransactionHistoryPage() {
  return <TransactionHistory />;
}
