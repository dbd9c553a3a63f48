import { MissionsScreen } from '@/features/missions';
import { useOperator } from '../layout/operator';

export default function MissionsRoute() {
  const op = useOperator();
  return <MissionsScreen canWrite={op.permissions.includes('rewards.write')} />;
}
