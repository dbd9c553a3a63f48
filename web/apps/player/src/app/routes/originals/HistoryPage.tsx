import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { buttonClassName } from '@/components/ui';
import { RoundHistory } from '@/features/originals/history/RoundHistory';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import s from './originals.module.css';

export default function HistoryPage() {
  const { t } = useTranslation('originals', { useSuspense: true });
  const session = useSession();
  return (
    <div className={s.page}>
      <header className={s.head}>
        <div>
          <h1 className={s.title}>{t('history.title')}</h1>
          <p className={s.lead}>{t('history.lead')}</p>
        </div>
        <Link to={paths.originalsVerify()} className={buttonClassName({ variant: 'outline' })}>
          <ShieldCheck size={18} aria-hidden="true" /> {t('verify.title')}
        </Link>
      </header>
      {session.token && <RoundHistory token={session.token}/>}
    </div>
  );
}
