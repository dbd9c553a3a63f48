// /pointMall: the points mall (features/points), amounts written like the
// header balance (the wallet's symbol when the currency is the wallet's).
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { balanceQuery, formatBalance } from '@/features/wallet';
import { PointsMall, type FormatMoney } from '@/features/points';

export default function PointMallPage() {
  const { token } = useSession();
  const wallet = useQuery(balanceQuery(token)).data;
  const formatMoney: FormatMoney = (minor, currency, decimals) =>
    formatBalance({ balance: minor, currency, decimals, currencySymbol: wallet && wallet.currency === currency ? wallet.currencySymbol : '' });
  return <PointsMall formatMoney={formatMoney} />;
}
