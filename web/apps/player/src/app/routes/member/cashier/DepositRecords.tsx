// The deposit result cards (a bank deposit under review; an online order the
// player came back with, polled until final) and the recent-deposits list.
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { Button, EmptyState, ErrorState, Pager, Skeleton, Spinner } from '@/components/ui';
import { DEPOSIT_FINAL, depositByOrderQuery, depositsQuery, money, StatusChip, toneOf, type Deposit } from '@/features/cashier';
import { balanceQuery } from '@/features/wallet';
import { formatDateTime } from '@/lib/format';
import s from './page.module.css';

const PAGE_SIZE = 10;

export function PendingCard({ deposit, decimals, currency, onAnother }: { deposit: Deposit; decimals: number; currency: string; onAnother: () => void }) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  return (
    <div className={s.result} data-tone="pending" role="status" data-testid="deposit-pending">
      <span className={s.resultIcon} aria-hidden="true">
        <Hourglass size={22} />
      </span>
      <p className={s.resultTitle}>
        {t('cashier:deposit.pendingTitle')}
        <StatusChip tone="pending" label={t(`cashier:deposit.status.${deposit.status}`)} testId="deposit-pending-status" />
      </p>
      <p className={s.resultBody}>{t('cashier:deposit.pendingBody', { amount: money(deposit.amount, decimals, currency) })}</p>
      <p className={s.resultMeta}>
        {t('cashier:common.orderNo')}: <span data-testid="deposit-pending-order">{deposit.orderNo}</span>
      </p>
      <div className={s.resultActions}>
        <Button variant="secondary" onClick={onAnother} data-testid="deposit-another">
          {t('cashier:deposit.another')}
        </Button>
      </div>
    </div>
  );
}

/** The order named by ?order= after the payment page: polled until credited or failed. */
export function OrderStatus({ orderNo, decimals, currency, onClose }: { orderNo: string; decimals: number; currency: string; onClose: () => void }) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  const qc = useQueryClient();
  const q = useQuery(depositByOrderQuery(orderNo));
  const d = q.data;
  const final = d ? DEPOSIT_FINAL.has(d.status) : false;

  useEffect(() => {
    if (!final) return;
    void qc.invalidateQueries({ queryKey: ['cashier', 'deposits'] });
    // The socket's balance event normally updates the header; this covers a dropped socket.
    if (d?.status === 'CREDITED') void qc.invalidateQueries({ queryKey: balanceQuery(undefined).queryKey.slice(0, 2) });
  }, [final, d?.status, qc]);

  if (q.isError) {
    return (
      <div className={s.result} data-tone="bad" role="alert" data-testid="deposit-order">
        <span className={s.resultIcon} aria-hidden="true">
          <CircleX size={22} />
        </span>
        <p className={s.resultTitle}>{t('cashier:deposit.orderTitle')}</p>
        <p className={s.resultBody}>{t('cashier:deposit.orderNotFound')}</p>
        <p className={s.resultMeta}>
          {t('cashier:common.orderNo')}: {orderNo}
        </p>
        <div className={s.resultActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('cashier:common.close')}
          </Button>
        </div>
      </div>
    );
  }
  const tone = d ? toneOf(d.status) : 'pending';
  const amount = d ? money(d.amount, decimals, currency) : '';
  const body = !d
    ? null
    : d.status === 'CREDITED'
      ? t('cashier:deposit.orderCredited', { amount })
      : d.status === 'REJECTED'
        ? t('cashier:deposit.orderRejected', { amount })
        : final
          ? t('cashier:deposit.orderFailed', { amount })
          : t('cashier:deposit.orderWaiting', { amount });
  return (
    <div className={s.result} data-tone={tone} role="status" aria-live="polite" data-testid="deposit-order" data-status={d?.status}>
      <span className={s.resultIcon} aria-hidden="true">
        {!d || !final ? <Spinner size={22} decorative /> : tone === 'ok' ? <CircleCheck size={22} /> : <CircleX size={22} />}
      </span>
      <p className={s.resultTitle}>
        {t('cashier:deposit.orderTitle')}
        {d && <StatusChip tone={tone} label={t(`cashier:deposit.status.${d.status}`)} testId="deposit-order-status" />}
      </p>
      <p className={s.resultBody}>{body ?? <Skeleton width={260} height={16} />}</p>
      <p className={s.resultMeta}>
        {t('cashier:common.orderNo')}: {orderNo}
      </p>
      {final && (
        <div className={s.resultActions}>
          <Button variant="secondary" onClick={onClose} data-testid="deposit-order-close">
            {t('cashier:deposit.another')}
          </Button>
        </div>
      )}
    </div>
  );
}

export function DepositList({ decimals, methodName }: { decimals: number; methodName: (code: string) => string }) {
  const { t } = useTranslation(['cashier', 'common'], { useSuspense: true });
  const [page, setPage] = useState(1);
  const q = useQuery({
    ...depositsQuery(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
    // While something is under way, look again now and then (the socket tells the balance, not the list).
    refetchInterval: (query) => (query.state.data?.list.some((d) => !DEPOSIT_FINAL.has(d.status)) ? 10_000 : false),
  });
  const totalPages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;
  return (
    <section className={s.card} aria-labelledby="deposit-recent" data-testid="deposit-list">
      <h2 id="deposit-recent" className={s.cardTitle}>
        {t('cashier:deposit.recent')}
      </h2>
      {q.isPending ? (
        <div style={{ display: 'grid', gap: 12 }}>
          <Skeleton height={44} />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </div>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} compact />
      ) : q.data.list.length === 0 ? (
        <EmptyState title={t('cashier:deposit.noDeposits')} compact />
      ) : (
        <>
          <ul className={s.records}>
            {q.data.list.map((d) => (
              <li key={d.id} className={s.record} data-testid="deposit-row" data-order={d.orderNo} data-status={d.status}>
                <div className={s.recordMain}>
                  <span className={s.recordTitle}>{d.methodName || methodName(d.method)}</span>
                  <span className={s.recordMeta}>
                    {formatDateTime(d.createdAt)} · {d.orderNo}
                  </span>
                </div>
                <div className={s.recordSide}>
                  <span className={s.recordAmount}>{money(d.amount, decimals)}</span>
                  <StatusChip tone={toneOf(d.status)} label={t(`cashier:deposit.status.${d.status}`, { defaultValue: d.status })} testId="deposit-row-status" />
                </div>
                {d.rejectReason && <div className={s.recordExtra}>{t('cashier:deposit.reason', { reason: d.rejectReason })}</div>}
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
