// Agent centre: register centre (spec registerCenter): the agent's own
// invitation code and link (copy, QR code), direct creation of a downline
// member or sub-agent, and invitation links per account type.
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { useSession } from '@/lib/session';
import { CreateDownline } from './CreateDownline';
import { InviteLinks } from './InviteLinks';
import { Invitation } from './Invitation';
import { PageHead } from './PageHead';

export default function RegisterCenterPage() {
  const { t } = useTranslation('agent', { useSuspense: true });
  const { info } = useSession();
  return (
    <>
      <PageHead icon={<UserPlus size={22} />} title={t('agent:menu.registerCenter')} lead={t('agent:register.lead')} />
      <Invitation code={info?.affiliateCode} loading={!info} />
      <CreateDownline />
      <InviteLinks />
    </>
  );
}
