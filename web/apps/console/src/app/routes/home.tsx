import { Capabilities } from '@/features/home';
import { useOperator } from '../layout/operator';

export default function HomeRoute() {
  const op = useOperator();
  return <Capabilities username={op.username} role={op.role} permissions={op.permissions} />;
}
