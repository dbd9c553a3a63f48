// What the reward pages need from the wallet, passed in so the rewards
// feature does not import the wallet feature: amounts written like the header
// balance (its symbol when the currency is the wallet's), and a refresh of the
// header balance and the account record after money moved.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { balanceQuery, formatBalance } from '@/features/wallet';
import type { FormatMoney } from '@/features/rewards/lib/money';

export function useRewardMoney(): { formatMoney: FormatMoney; onMoneyMoved: () => void } {
  const { token } = useSession();
  const qc = useQueryClient();
  const wallet = useQuery(balanceQuery(token)).data;
  const formatMoney: FormatMoney = (minor, currency, decimals) =>
    formatBalance({ balance: minor, currency, decimals, currencySymbol: wallet && wallet.currency === currency ? wallet.currencySymbol : '' });
  const onMoneyMoved = () => {
    void qc.invalidateQueries({ queryKey: balanceQuery(token).queryKey });
    void qc.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
  };
  return { formatMoney, onMoneyMoved };
}
