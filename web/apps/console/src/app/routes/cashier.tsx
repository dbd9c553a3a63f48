import { Cashier } from '@/features/cashier';
import { useOperator } from '../layout/operator';

/** The players' screen lives at /players/:id (its own feature). */
const playerPath = (id: number) => `/players/${id}`;

export default function CashierRoute() {
  const op = useOperator();
  return <Cashier permissions={op.permissions} playerPath={playerPath} />;
}
