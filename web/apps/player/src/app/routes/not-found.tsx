import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { buttonClassName } from '@/components/ui';
import { paths } from '@/lib/paths';
import s from './page.module.css';

export default function NotFound() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  return (
    <div className={s.page}>
      <section className={s.notFound} aria-labelledby="nf-title">
        <div className={s.code} aria-hidden="true">
          404
        </div>
        <div className={s.badge} aria-hidden="true">
          <Compass size={32} strokeWidth={1.75} />
        </div>
        <h1 id="nf-title" className={s.title}>
          {t('layout:notFound.title')}
        </h1>
        <p className={s.text}>{t('layout:notFound.body')}</p>
        <p className={s.path} dir="ltr">
          {pathname}
        </p>
        <Link to={paths.home} className={buttonClassName({ size: 'lg' })}>
          {t('layout:notFound.home')}
        </Link>
      </section>
    </div>
  );
}
