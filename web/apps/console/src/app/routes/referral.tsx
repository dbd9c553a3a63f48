import { ReferralScreen } from '@/features/referral';
import { useOperator } from '../layout/operator';

export default function ReferralRoute() {
  const op = useOperator();
  return <ReferralScreen canWrite={op.permissions.includes('rewards.write')} />;
}
