// Approvals (maker-checker): adjustments above the brand's amount wait here
// for a second operator. Pending first; posted and rejected ones for the
// record. The maker sees their own marked; the server refuses them a
// decision (ops.four_eyes) and the dialog says so.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, EmptyState, SelectField, Spinner, type Column, type Sort } from '@palaro/ui';
import { formatMoney } from '@palaro/api/src/money';
import { formatDateTime } from '@/lib/format';
import { playerPath } from '@/lib/paths';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { ADJUSTMENT_STATUSES, adjustmentsQuery, type Adjustment } from '../api/adjustments';
import { ApprovalDialog, type Decision } from './ApprovalDialog';
import s from './Approvals.module.css';

const PAGE_SIZE = 25;
const NS = 'console-operators';
const ALL = 'ALL';

export function Approvals({ meId }: { meId: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const raw = sp.get('status') ?? 'PENDING_APPROVAL';
  const status = raw === ALL || (ADJUSTMENT_STATUSES as readonly string[]).includes(raw) ? raw : 'PENDING_APPROVAL';
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [sort, setSort] = useState<Sort>(null);
  const [deciding, setDeciding] = useState<{ a: Adjustment; d: Decision } | null>(null);
  const q = useQuery(adjustmentsQuery(status === ALL ? '' : status, page, PAGE_SIZE));
  const pending = status === 'PENDING_APPROVAL';

  const go = (st: string, p = 1) => {
    const next = new URLSearchParams();
    if (st !== 'PENDING_APPROVAL') next.set('status', st);
    if (p > 1) next.set('page', String(p));
    setSp(next);
  };

  const columns: Column<Adjustment>[] = [
    { key: 'createdAt', header: t('approvals.created'), cell: (r) => formatDateTime(r.createdAt), sortValue: (r) => r.createdAt, nowrap: true },
    {
      key: 'maker',
      header: t('approvals.maker'),
      sortValue: (r) => r.makerName ?? '',
      cell: (r) => (
        <span className={s.who}>
          <span>{r.makerName || `#${r.makerId}`}</span>
          {r.makerId === meId && <span className={[s.sub, s.you].join(' ')}>{t('approvals.yours')}</span>}
        </span>
      ),
    },
    {
      key: 'member',
      header: t('approvals.member'),
      sortValue: (r) => r.memberAccount ?? String(r.memberId),
      cell: (r) => (
        <Link to={playerPath(r.memberId)} aria-label={t('approvals.openPlayer', { name: r.memberAccount || `#${r.memberId}` })}>
          {r.memberAccount || `#${r.memberId}`}
        </Link>
      ),
    },
    { key: 'direction', header: t('approvals.direction'), cell: (r) => t(`approvals.directions.${r.direction}`), sortValue: (r) => r.direction, nowrap: true },
    {
      key: 'amount',
      header: t('approvals.amount'),
      align: 'end',
      nowrap: true,
      sortValue: (r) => r.amount,
      cell: (r) => <span className={[s.amount, s[r.direction]].join(' ')}>{formatMoney(r.amount, r.currency, r.decimals)}</span>,
    },
    { key: 'reason', header: t('approvals.reason'), cell: (r) => <span className={s.reason}>{r.reason}</span> },
    pending
      ? {
          key: 'actions',
          header: <span className="sr-only">{t('approvals.decision')}</span>,
          align: 'end',
          cell: (r) => (
            <span className={s.actions}>
              <Button size="sm" onClick={() => setDeciding({ a: r, d: 'approve' })} aria-label={t('approvals.approveNamed', { id: r.id })}>
                {t('approvals.approve')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDeciding({ a: r, d: 'reject' })} aria-label={t('approvals.rejectNamed', { id: r.id })}>
                {t('approvals.reject')}
              </Button>
            </span>
          ),
        }
      : {
          key: 'decision',
          header: t('approvals.decision'),
          cell: (r) => (
            <span className={s.who}>
              <span className={[s.badge, s[r.status]].join(' ')}>{t(`approvals.statuses.${r.status}`, { defaultValue: r.status })}</span>
              {r.checkerId > 0 && <span className={s.sub}>{t('approvals.by', { name: r.checkerName || `#${r.checkerId}`, at: formatDateTime(r.decidedAt) })}</span>}
              {r.rejectReason && <span className={s.sub}>{r.rejectReason}</span>}
            </span>
          ),
        },
  ];

  return (
    <>
      <PageHeader title={t('approvals.title')} intro={t('approvals.intro')} />
      <div className={s.bar}>
        <SelectField className={s.small} label={t('approvals.show')} value={status} onChange={(e) => go(e.target.value)}>
          {ADJUSTMENT_STATUSES.map((st) => (
            <option key={st} value={st}>
              {t(`approvals.statuses.${st}`)}
            </option>
          ))}
          <option value={ALL}>{t('approvals.all')}</option>
        </SelectField>
      </div>
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.total} aria-live="polite">
            {t('approvals.total', { count: q.data.total })}
          </p>
          <DataTable
            caption={t('approvals.caption')}
            hideCaption
            columns={columns}
            rows={q.data.items}
            rowKey={(r) => r.id}
            labels={tableLabels(tc)}
            sort={sort}
            onSortChange={setSort}
            page={page}
            onPageChange={(p) => go(status, p)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={pending ? t('approvals.emptyPending') : t('approvals.empty')} />}
          />
        </>
      )}
      {deciding && <ApprovalDialog key={`${deciding.a.id}-${deciding.d}`} adjustment={deciding.a} decision={deciding.d} onClose={() => setDeciding(null)} />}
    </>
  );
}
