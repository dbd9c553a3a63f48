import { useTranslation } from 'react-i18next';
import { SessionsPanel } from '@/features/session';
import { PageHeader } from '@/components/ui/PageHeader';
import { useSignOut } from '../layout/operator';

export default function SessionsRoute() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <>
      <PageHeader title={t('sessions.title')} intro={t('sessions.intro')} />
      <SessionsPanel onRevokedCurrent={() => signOut.finish()} />
    </>
  );
}
