// The game frame with the wallet's live balance and the login prompt (loaded
// by GameRoute).
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button } from '@/components/ui';
import { GameFrame } from '@/features/originals/shell/GameFrame';
import type { GameSlug } from '@/features/originals/slugs';
import { useSession } from '@/lib/session';
import { balanceQuery } from '@/features/wallet/api/balance';
import { useBalance } from '@/features/wallet/hooks/useBalance';
import { openCustomerService } from '@/features/system/lib/customerService';
import { navigateHost } from '@/lib/hostFrame';
import { useUiActions } from '@/lib/ui-actions';
import { useBrandInfo } from '../../brand';
import { useAppNavigate } from '../../navigation';
import s from './originals.module.css';

export default function GameScreen({ game }: { game: GameSlug }) {
  const session = useSession();
  const token = session.loggedIn ? session.token : undefined;
  const { data } = useBalance();
  const qc = useQueryClient();
  const { openLogin } = useUiActions();
  const info = useBrandInfo();
  const navigate = useAppNavigate();
  // In the game popup's iframe the storefront around it goes to the page (same tab, same session).
  const onCustomerService = useCallback(() => openCustomerService(info.customerService, (to) => navigateHost(to, navigate)), [info.customerService, navigate]);
  // A game stakes main and, while a bonus is active, the bonus balance: the
  // frame shows and checks both together; the header shows main.
  const bonus = data?.bonus ?? 0;
  const playable = useMemo(() => (data ? { ...data, balance: data.balance + bonus } : undefined), [data, bonus]);
  const onBalance = useCallback(
    (minor: number) => {
      if (!token) return;
      if (bonus > 0) {
        // Which part of a stake or a win was bonus money only the server knows.
        void qc.invalidateQueries({ queryKey: balanceQuery(token).queryKey });
        return;
      }
      qc.setQueryData(balanceQuery(token).queryKey, (old) => (old ? { ...old, balance: minor } : old));
    },
    [qc, token, bonus],
  );
  return <GameFrame game={game} token={token} balance={playable} onBalance={onBalance} loggedOut={<LoggedOut />} onLogin={openLogin} onCustomerService={info.customerService?.length ? onCustomerService : undefined} />;
}

function LoggedOut() {
  const { t } = useTranslation('originals');
  const { openLogin } = useUiActions();
  return (
    <div className={s.loggedOut}>
      <p>{t('frame.loginToPlay')}</p>
      <Button icon={<LogIn size={18} aria-hidden="true" />} onClick={openLogin} data-testid="originals-login">
        {t('frame.login')}
      </Button>
    </div>
  );
}
