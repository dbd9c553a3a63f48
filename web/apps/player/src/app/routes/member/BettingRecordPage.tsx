// Personal centre page: the betting record (personalHistoryCopy), amounts in the member's currency.
import { useQuery } from '@tanstack/react-query';
import { BettingRecord } from '@/features/records';
import { useSession } from '@/lib/session';
import { balanceQuery, formatBalance } from '@/features/wallet';

export default function BettingRecordPage() {
  const { token } = useSession();
  const money = useQuery(balanceQuery(token)).data;
  const fmt = (minor: number) => formatBalance({ currency: money?.currency ?? '', currencySymbol: money?.currencySymbol ?? '', decimals: money?.decimals ?? 2, balance: minor });
  return <BettingRecord formatMoney={fmt} />;
}
