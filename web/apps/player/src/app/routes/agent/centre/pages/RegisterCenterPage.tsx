// Agent centre: register centre (spec registerCenter). The agent's invitation
// code and registration link (with copy and a QR code).
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { useSession } from '@/lib/session';
import { PageHead } from './PageHead';
import { Invitation } from './Invitation';

export default function RegisterCenterPage() {
  const { t } = useTranslation('agent', { useSuspense: true });
  const { info } = useSession();
  return (
    <>
      <PageHead icon={<UserPlus size={22} />} title={t('agent:menu.registerCenter')} lead={t('agent:register.lead')} />
      <Invitation code={info?.affiliateCode} loading={!info} />
    </>
  );
}
