import { Approvals } from '@/features/approvals';
import { useOperator } from '../layout/operator';

export default function ApprovalsRoute() {
  return <Approvals meId={useOperator().id} />;
}
