import { OperatorsPage } from '@/features/operators';
import { useOperator } from '../layout/operator';

export default function OperatorsRoute() {
  return <OperatorsPage meId={useOperator().id} />;
}
