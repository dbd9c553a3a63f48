import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, buttonClassName } from '@palaro/ui';
import { paths } from '@/lib/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('notFound.title')}
      action={
        <Link className={buttonClassName({ variant: 'secondary' })} to={paths.home}>
          {t('notFound.back')}
        </Link>
      }
    />
  );
}
