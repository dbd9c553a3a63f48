import { toCsv } from '@palaro/api/src/csv';
import { formatDateTime } from '@/lib/format';
import type { FeedbackItem } from './feedback';

/** The inbox CSV: one row per message; type and status as the operator reads them. */
export function feedbackCsv(rows: FeedbackItem[], header: string[], typeName: (t: number) => string, statusName: (s: string) => string): string {
  return toCsv(
    header,
    rows.map((r) => [
      r.id,
      formatDateTime(r.createdAt),
      typeName(r.type),
      statusName(r.status),
      r.account,
      r.sender,
      r.content,
      r.reply,
      r.repliedAt ? formatDateTime(r.repliedAt) : '',
      r.closedAt ? formatDateTime(r.closedAt) : '',
      r.ip,
    ]),
  );
}
