import { PromotionsScreen } from '@/features/promotions';
import { useOperator } from '../layout/operator';

export default function PromotionsRoute() {
  const op = useOperator();
  return <PromotionsScreen canWrite={op.permissions.includes('rewards.write')} />;
}
