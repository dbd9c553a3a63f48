import { Navigate } from 'react-router';
import { AuditLog } from '@/features/audit';
import { canReadAudit } from '@/lib/permissions';
import { paths } from '@/lib/paths';
import { useOperator } from '../layout/operator';

export default function AuditRoute() {
  const op = useOperator();
  if (!canReadAudit(op.permissions)) return <Navigate to={paths.home} replace />;
  return <AuditLog />;
}
