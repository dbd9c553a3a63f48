import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SignIn, meQuery, type Session } from '@/features/session';
import { setToken, useToken } from '@/lib/session';
import { paths } from '@/lib/paths';
import s from './login.module.css';

export default function LoginRoute() {
  const { t } = useTranslation();
  const token = useToken();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  useEffect(() => {
    document.title = `${t('signin.title')} · ${t('app.name')}`;
  }, [t]);
  if (token) return <Navigate to={from ?? paths.home} replace />;
  const signedIn = (session: Session) => {
    qc.setQueryData(meQuery(session.token).queryKey, session.operator);
    setToken(session.token);
    navigate(from && from !== paths.login ? from : paths.home, { replace: true });
  };
  return (
    <main className={s.page} id="main">
      <p className={s.brand}>{t('app.name')}</p>
      <SignIn onSignedIn={signedIn} />
    </main>
  );
}
