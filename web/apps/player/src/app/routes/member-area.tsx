// Member pages (favourites, recent, member centre, lotteries; the points mall
// has its own route, pointMall.tsx) need a session; the guard already sent visitors to /login. /favorite and /recent
// list the member's games, the lottery pages embed the vendor's lottery; the
// others' content arrives with later issues.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UserRound } from 'lucide-react';
import { EmptyState, buttonClassName } from '@/components/ui';
import { paths } from '@/lib/paths';
import AccountGamesRoute from './account-games';
import LotteryPage from './lottery';
import s from './page.module.css';

export default function MemberArea() {
  const { t } = useTranslation('layout');
  const path = useLocation().pathname.replace(/\/+$/, '');
  // /lottery, /seaLottery, /vnLottery: the vendor's lottery embedded (routes/lottery.tsx).
  if (/^\/(sea|vn)?lottery$/i.test(path)) return <LotteryPage />;
  if (path === paths.favorite || path === paths.recent) return <AccountGamesRoute kind={path === paths.favorite ? 'favorite' : 'recent'} />;
  return (
    <div className={s.page}>
      <EmptyState
        icon={<UserRound size={28} strokeWidth={1.75} />}
        title={t('layout:member.soonTitle')}
        description={t('layout:member.soonBody')}
        action={
          <Link to={paths.home} className={buttonClassName({ variant: 'secondary' })}>
            {t('layout:notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
