// GET /ops/v1/audit. Rows are read in the contract's shape ({items:[{at,
// operatorUsername, targetType, targetId, reason, before, after}]}) and, until
// the operator backend moves to it, in today's ({list:[{createdAt, operator,
// target, detail}]}), so the page works against both.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dayStartMs } from '@/lib/format';

export type AuditEntry = {
  id: number;
  at: number;
  operatorId: number;
  operatorUsername: string;
  action: string;
  target: string;
  reason: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
};

export type AuditFilter = { action: string; operatorId: string; from: string; to: string };
export const emptyFilter: AuditFilter = { action: '', operatorId: '', from: '', to: '' };

type Raw = Record<string, unknown>;
type RawPage = { items?: Raw[]; list?: Raw[]; total?: number; page?: number; pageSize?: number };

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function normalizeEntry(r: Raw): AuditEntry {
  const detail = obj(r.detail);
  let before = obj(r.before) ?? obj(detail?.before);
  let after = obj(r.after) ?? obj(detail?.after);
  if (!before && !after && detail) {
    // Today's rows carry one detail object: shown as what the action recorded.
    const rest = { ...detail };
    delete rest.reason;
    after = Object.keys(rest).length ? rest : null;
    before = null;
  }
  const target = r.targetType !== undefined ? [str(r.targetType), str(r.targetId)].filter(Boolean).join(':') : str(r.target);
  return {
    id: Number(r.id),
    at: Number(r.at ?? r.createdAt),
    operatorId: Number(r.operatorId ?? 0),
    operatorUsername: str(r.operatorUsername ?? r.operator),
    action: str(r.action),
    target,
    reason: str(r.reason ?? detail?.reason),
    before,
    after,
    ip: str(r.ip),
  };
}

export function auditParams(f: AuditFilter, page: number, pageSize: number) {
  return {
    page,
    pageSize,
    action: f.action.trim() || undefined,
    operatorId: f.operatorId.trim() || undefined,
    from: f.from ? dayStartMs(f.from) : undefined,
    to: f.to ? dayStartMs(f.to, true) : undefined,
  };
}

export async function fetchAuditPage(f: AuditFilter, page: number, pageSize: number, signal?: AbortSignal) {
  const v = await api.get<RawPage>('/ops/v1/audit', auditParams(f, page, pageSize), signal);
  const rows = (v.items ?? v.list ?? []).map(normalizeEntry);
  return { rows, total: v.total ?? rows.length, page: v.page ?? page, pageSize: v.pageSize ?? pageSize };
}

export const auditQuery = (f: AuditFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['ops', 'audit', f, page, pageSize],
    queryFn: ({ signal }) => fetchAuditPage(f, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

/** Every entry of the filter, page by page (at most `limit`), for the CSV. */
export async function fetchAllAudit(f: AuditFilter, limit = 10_000): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  for (let page = 1; out.length < limit; page++) {
    const p = await fetchAuditPage(f, page, 100);
    out.push(...p.rows);
    if (p.rows.length < 100 || out.length >= p.total) break;
  }
  return out.slice(0, limit);
}
