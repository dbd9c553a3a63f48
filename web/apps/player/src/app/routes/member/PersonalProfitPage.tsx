// Personal centre page: personal profit and loss (personalProfit), amounts in the member's currency.
import { useQuery } from '@tanstack/react-query';
import { ProfitLoss } from '@/features/records';
import { useSession } from '@/lib/session';
import { balanceQuery, formatBalance } from '@/features/wallet';

export default function PersonalProfitPage() {
  const { token } = useSession();
  const money = useQuery(balanceQuery(token)).data;
  const fmt = (minor: number) => formatBalance({ currency: money?.currency ?? '', currencySymbol: money?.currencySymbol ?? '', decimals: money?.decimals ?? 2, balance: minor });
  return <ProfitLoss formatMoney={fmt} />;
}
