import { RewardsScreen } from '@/features/rewards';
import { useOperator } from '../layout/operator';

export default function RewardsRoute() {
  const op = useOperator();
  return <RewardsScreen canEditTerms={op.permissions.includes('brand.write')} />;
}
