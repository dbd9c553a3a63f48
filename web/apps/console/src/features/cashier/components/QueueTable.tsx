// A cashier queue's table: who (a link to the player's page), amount, method
// or payout account, when, status and risk flags; each row opens the order.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, EmptyState, type Column, type Sort } from '@palaro/ui';
import { formatMoney } from '@palaro/api/src/money';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import type { QueueRow } from '../api/queue';
import { RiskBadges } from './RiskBadges';
import s from './Cashier.module.css';

type Props = {
  rows: QueueRow[];
  page: number;
  totalPages: number;
  onPageChange: (p: number) => void;
  onOpen: (row: QueueRow) => void;
  busy?: boolean;
  sort: Sort;
  onSortChange: (s: Sort) => void;
  canSeePlayers: boolean;
  playerPath: (id: number) => string;
};

export function QueueTable({ rows, page, totalPages, onPageChange, onOpen, busy, sort, onSortChange, canSeePlayers, playerPath }: Props) {
  const { t } = useTranslation('console-cashier');
  const { t: tShell } = useTranslation();
  const kind = rows[0]?.kind;
  const columns: Column<QueueRow>[] = [
    {
      key: 'created',
      header: t('col.created'),
      cell: (r) => (
        <>
          {formatDateTime(r.createdAt)}
          <span className={[s.sub, s.mono].join(' ')}>{r.orderNo}</span>
        </>
      ),
      sortValue: (r) => r.createdAt,
      nowrap: true,
    },
    {
      key: 'member',
      header: t('col.member'),
      cell: (r) =>
        canSeePlayers ? (
          <Link className={s.link} to={playerPath(r.memberId)}>
            {r.username || `#${r.memberId}`}
          </Link>
        ) : (
          r.username || `#${r.memberId}`
        ),
      sortValue: (r) => r.username,
    },
    { key: 'amount', header: t('col.amount'), cell: (r) => <span className={s.mono}>{formatMoney(r.amount, r.currency, r.decimals)}</span>, sortValue: (r) => r.amount, align: 'end', nowrap: true },
    {
      key: 'method',
      header: kind === 'withdrawals' ? t('col.account') : t('col.method'),
      cell: (r) =>
        r.kind === 'withdrawals' && r.account ? (
          <>
            {r.account.bankName}
            <span className={[s.sub, s.mono].join(' ')}>{r.account.accountNumber}</span>
          </>
        ) : (
          <>
            {r.method}
            <span className={s.sub}>{t(`methodType.${r.methodType}`, { defaultValue: r.methodType })}</span>
          </>
        ),
    },
    { key: 'status', header: t('col.status'), cell: (r) => <span className={s.status}>{t(`status.${r.status}`, { defaultValue: r.status })}</span>, sortValue: (r) => r.status },
    { key: 'risks', header: t('col.risks'), cell: (r) => <RiskBadges risks={r.risks} /> },
    {
      key: 'open',
      header: <span className="sr-only">{t('col.actions')}</span>,
      cell: (r) => (
        <Button size="sm" variant={r.status === 'PENDING_REVIEW' ? 'primary' : 'secondary'} onClick={() => onOpen(r)} aria-label={t('open', { orderNo: r.orderNo })}>
          {r.status === 'PENDING_REVIEW' ? t('review') : t('view')}
        </Button>
      ),
      nowrap: true,
    },
  ];
  return (
    <DataTable
      caption={t(kind === 'withdrawals' ? 'tab.withdrawals' : 'tab.deposits')}
      hideCaption
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      labels={tableLabels(tShell)}
      sort={sort}
      onSortChange={onSortChange}
      page={page}
      onPageChange={onPageChange}
      manual={{ totalPages }}
      busy={busy}
      empty={<EmptyState compact title={t('empty')} />}
    />
  );
}
