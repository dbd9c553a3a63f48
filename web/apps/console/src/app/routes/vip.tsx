import { VipLevelsScreen } from '@/features/vip';
import { useOperator } from '../layout/operator';

export default function VipRoute() {
  const op = useOperator();
  return <VipLevelsScreen canEdit={op.permissions.includes('rewards.write')} />;
}
