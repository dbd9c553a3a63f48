// Lottery pages /lottery, /seaLottery and /vnLottery (spec sections 2 and 4):
// the vendor's lottery launched through GET /wps/game/launchGame and embedded
// in the page (the header hides the balance on these paths). A lottery under
// maintenance shows other games to play; a trial account is told it needs a
// real one.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Ticket } from 'lucide-react';
import { EmptyState, ErrorState, Spinner, buttonClassName } from '@/components/ui';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { deviceFor, launchGame } from '../game/api';
import { Maintenance } from '../game/GameLauncher';
import { lotteryTarget } from '../game/lotteryTarget';
import { blockFor } from '../game/windowLaunch';
import s from '../game/LotteryPage.module.css';

export default function LotteryPage() {
  const { t, i18n } = useTranslation(['games', 'common'], { useSuspense: true });
  const language = (i18n.language || 'TY').toUpperCase();
  const { pathname, search } = useLocation();
  const { launch, requireRealAccount } = useUiActions();
  const target = lotteryTarget(pathname, search);
  const device = deviceFor(typeof window === 'undefined' ? 1440 : window.innerWidth);
  const q = useQuery({
    queryKey: ['games', 'lottery', target.vassalage, target.gameType, target.gameCode ?? '', language, device],
    queryFn: ({ signal }) => launchGame(target, language, device, signal),
    enabled: !!target.vassalage || !!target.gameCode,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const block = q.isError ? blockFor(q.error) : null;
  // A trial account gets the 'real account needed' dialog (and the message below).
  useEffect(() => {
    if (block === 'realAccount') requireRealAccount();
  }, [block, requireRealAccount]);
  const name = t('games:launch.lotteryTitle');

  let body;
  if (!target.vassalage && !target.gameCode) {
    body = (
      <EmptyState
        icon={<Ticket size={28} strokeWidth={1.75} />}
        title={t('games:launch.lotteryMissing')}
        action={
          <Link to={paths.home} className={buttonClassName({ variant: 'secondary' })}>
            {t('games:launch.back')}
          </Link>
        }
      />
    );
  } else if (q.isPending) {
    body = (
      <div className={s.center} role="status" data-testid="game-loading">
        <Spinner size={36} decorative />
        <p>{t('games:launch.loading', { name })}</p>
      </div>
    );
  } else if (q.isSuccess) {
    body = <iframe className={s.frame} src={q.data.url} title={t('games:launch.frameTitle', { name })} allow="autoplay; fullscreen" allowFullScreen data-testid="lottery-frame" />;
  } else if (block === 'maintenance') {
    body = (
      <div className={s.card}>
        <h2 className={s.title}>{t('games:maintenance.title')}</h2>
        <Maintenance target={target} name={target.vassalage || name} language={language} onLaunch={launch} />
      </div>
    );
  } else {
    body = (
      <div data-testid="game-error">
        <ErrorState title={t('games:launch.failed')} error={q.error} onRetry={block === 'realAccount' ? undefined : () => void q.refetch()} />
      </div>
    );
  }
  return (
    <div className={s.page} data-testid="lottery-page" data-vendor={target.vassalage}>
      {body}
    </div>
  );
}
