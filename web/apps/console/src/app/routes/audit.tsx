import { AuditLog } from '@/features/audit';

export default function AuditRoute() {
  return <AuditLog />;
}
