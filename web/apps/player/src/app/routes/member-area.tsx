// Member pages (favourites, recent, member centre, lotteries, points mall) need
// a session; the guard already sent visitors to /login. Their content arrives
// with the accounts issue.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserRound } from 'lucide-react';
import { EmptyState, buttonClassName } from '@/components/ui';
import { paths } from '@/lib/paths';
import s from './page.module.css';

export default function MemberArea() {
  const { t } = useTranslation('layout');
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
