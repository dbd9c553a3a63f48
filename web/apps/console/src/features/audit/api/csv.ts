import { toCsv } from '@palaro/api/src/csv';
import { formatDateTime } from '@/lib/format';
import type { AuditEntry } from './audit';

/** The audit CSV: one row per entry, before and after as JSON. */
export function auditCsv(rows: AuditEntry[], header: string[]): string {
  return toCsv(
    header,
    rows.map((r) => [
      r.id,
      formatDateTime(r.at),
      r.operatorUsername,
      r.operatorId || '',
      r.action,
      r.target,
      r.reason,
      r.before ? JSON.stringify(r.before) : '',
      r.after ? JSON.stringify(r.after) : '',
      r.ip,
    ]),
  );
}
