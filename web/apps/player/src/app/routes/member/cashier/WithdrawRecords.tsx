// The withdraw summary (balance, turnover progress, limits) and the list of
// withdrawals, where a PAID one asks the player to confirm receipt.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { Button, EmptyState, ErrorState, Pager, Skeleton } from '@/components/ui';
import { AWAITING_CONFIRMATION, money, StatusChip, toneOf, withdrawalsQuery, type Withdrawal, type WithdrawInfo } from '@/features/cashier';
import { formatDateTime, formatMinor } from '@/lib/format';
import { ConfirmReceiptDialog } from './ConfirmReceipt';
import { accountLabel } from './WithdrawForm';
import s from './page.module.css';

const PAGE_SIZE = 10;
const FINAL = new Set(['REJECTED', 'PAYOUT_FAILED', 'RECEIVED', 'FORCED_RECEIVED', 'FULL_PAYMENT', 'PARTIALLY_RECEIVED', 'NOT_RECEIVED']);

/** Turnover progress in percent (0..100), integer maths. */
export function turnoverPercent(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((done * 100) / required)));
}

export function WithdrawSummary({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  const d = info.decimals;
  const { required, done, remaining } = info.turnover;
  const pct = turnoverPercent(done, required);
  return (
    <section className={s.summary} aria-label={t('cashier:withdraw.balance')} data-testid="withdraw-summary">
      <div>
        <p className={s.balanceLabel}>{t('cashier:withdraw.balance')}</p>
        <p className={s.balance} data-testid="withdraw-balance">
          <small>{info.currency}</small>
          {formatMinor(info.balance, d)}
        </p>
      </div>
      <dl className={s.facts}>
        <div className={s.fact}>
          <dt>{t('cashier:withdraw.limits')}</dt>
          <dd>
            {formatMinor(info.min, d)} – {formatMinor(info.max, d)}
          </dd>
        </div>
        <div className={s.fact}>
          <dt>{t('cashier:withdraw.daily')}</dt>
          <dd data-testid="withdraw-daily">{t('cashier:withdraw.dailyValue', { count: info.dailyCount, limit: info.dailyLimit })}</dd>
        </div>
        <div className={s.fact}>
          <dt>{t('cashier:withdraw.pending')}</dt>
          <dd data-testid="withdraw-pending">{info.pending}</dd>
        </div>
      </dl>
      <div className={s.turnover} data-testid="withdraw-turnover">
        <div className={s.turnoverHead}>
          <span>{t('cashier:withdraw.turnover')}</span>
          <strong>{required > 0 ? t('cashier:withdraw.turnoverDone', { done: formatMinor(done, d), required: formatMinor(required, d) }) : t('cashier:withdraw.turnoverNone')}</strong>
        </div>
        {required > 0 && (
          <>
            <div className={s.bar} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('cashier:withdraw.turnover')} data-met={remaining <= 0 ? '' : undefined}>
              <div className={s.barFill} style={{ width: `${pct}%` }} />
            </div>
            <p className={s.muted} data-testid="withdraw-turnover-text">
              {remaining > 0 ? t('cashier:withdraw.turnoverRemaining', { remaining: money(remaining, d, info.currency) }) : t('cashier:withdraw.turnoverMet')}
            </p>
          </>
        )}
      </div>
    </section>
  );
}

export function WithdrawList({ decimals, currency }: { decimals: number; currency: string }) {
  const { t } = useTranslation(['cashier', 'common'], { useSuspense: true });
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);
  const [done, setDone] = useState(false);
  const q = useQuery({
    ...withdrawalsQuery(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((w) => !FINAL.has(w.status)) ? 10_000 : false),
  });
  const totalPages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;
  return (
    <section className={s.card} aria-labelledby="withdraw-list" data-testid="withdraw-list">
      <h2 id="withdraw-list" className={s.cardTitle}>
        {t('cashier:withdraw.list')}
      </h2>
      {done && (
        <p className={s.success} role="status" data-testid="withdraw-confirm-done">
          <CircleCheck size={18} aria-hidden="true" />
          {t('cashier:withdraw.confirm.done')}
        </p>
      )}
      {q.isPending ? (
        <div style={{ display: 'grid', gap: 12 }}>
          <Skeleton height={44} />
          <Skeleton height={44} />
        </div>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} compact />
      ) : q.data.list.length === 0 ? (
        <EmptyState title={t('cashier:withdraw.noWithdrawals')} compact />
      ) : (
        <>
          <ul className={s.records}>
            {q.data.list.map((w) => (
              <li key={w.id} className={s.record} data-testid="withdraw-row" data-order={w.orderNo} data-status={w.status}>
                <div className={s.recordMain}>
                  <span className={s.recordTitle}>{t('cashier:withdraw.to', { account: accountLabel(w.account ?? {}) || '—' })}</span>
                  <span className={s.recordMeta}>
                    {formatDateTime(w.createdAt)} · {w.orderNo}
                  </span>
                </div>
                <div className={s.recordSide}>
                  <span className={s.recordAmount}>{money(w.amount, decimals)}</span>
                  <StatusChip tone={toneOf(w.status)} label={t(`cashier:withdraw.status.${w.status}`, { defaultValue: w.status })} testId="withdraw-row-status" />
                </div>
                {(AWAITING_CONFIRMATION.has(w.status) || w.rejectReason || (w.receivedAmount != null && w.status === 'PARTIALLY_RECEIVED')) && (
                  <div className={s.recordExtra}>
                    <span>
                      {w.rejectReason
                        ? t('cashier:withdraw.reason', { reason: w.rejectReason })
                        : w.status === 'PARTIALLY_RECEIVED' && w.receivedAmount != null
                          ? t('cashier:withdraw.received', { amount: money(w.receivedAmount, decimals, currency) })
                          : w.forcedReceiptAt
                            ? t('cashier:withdraw.forcedAt', { time: formatDateTime(w.forcedReceiptAt) })
                            : null}
                    </span>
                    {AWAITING_CONFIRMATION.has(w.status) && (
                      <Button
                        size="sm"
                        onClick={() => {
                          setDone(false);
                          setConfirming(w);
                        }}
                        data-testid="withdraw-confirm-open"
                      >
                        {t('cashier:withdraw.confirmReceipt')}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={totalPages} onChange={setPage} />
        </>
      )}
      <ConfirmReceiptDialog
        withdrawal={confirming}
        decimals={decimals}
        currency={currency}
        onClose={() => setConfirming(null)}
        onDone={() => {
          setConfirming(null);
          setDone(true);
        }}
      />
    </section>
  );
}
