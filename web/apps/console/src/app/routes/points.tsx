import { PointsScreen } from '@/features/points';
import { useOperator } from '../layout/operator';

export default function PointsRoute() {
  const op = useOperator();
  return <PointsScreen canWrite={op.permissions.includes('rewards.write')} />;
}
