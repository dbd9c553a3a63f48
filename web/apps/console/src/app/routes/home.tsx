import { Capabilities } from '@/features/home';
import { useOperator } from '../layout/operator';
import { screenFor } from '../screens';

export default function HomeRoute() {
  const op = useOperator();
  return <Capabilities username={op.username} role={op.role} permissions={op.permissions} screenFor={(p) => screenFor(p, op.permissions)} />;
}
