import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlayerPage, type ExtraTab } from '@/features/players';
import { PlayerRewardsTab } from '@/features/rewards';
import { paths, playerPath } from '@/lib/paths';
import { useOperator } from '../layout/operator';
import NotFound from './not-found';

export default function PlayerRoute() {
  const { id } = useParams();
  const op = useOperator();
  const { t } = useTranslation('console-rewards');
  const n = Number(id);
  if (!/^\d{1,18}$/.test(id ?? '') || !n) return <NotFound />;
  const tabs: ExtraTab[] = op.permissions.includes('rewards.read')
    ? [{ key: 'rewards', label: t('player.tab'), render: () => <PlayerRewardsTab id={n} canWrite={op.permissions.includes('rewards.write')} /> }]
    : [];
  return <PlayerPage key={n} id={n} permissions={op.permissions} playerPath={playerPath} searchPath={paths.players} extraTabs={tabs} />;
}
