// Bonus bets, the manual rebate (spec section 2, side menu): the valid bets
// since the member's last claim, per category, at their VIP level's rates;
// claimable once the brand's minimum is reached. A claim pays the main
// balance and starts a new window; the history lists past claims.
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Coins, ReceiptText } from 'lucide-react';
import { Button, EmptyState, ErrorState, Skeleton, errorMessage } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { SubmissionKeys } from '@/lib/idempotency';
import { useSession } from '@/lib/session';
import { bonusBetsQuery, claimBonusBets, formatRate, VIP_QUERY_ROOT } from '../api/vip';
import s from './vip.module.css';

export type BonusBetsProps = {
  formatMoney: (minor: number, currency: string, decimals: number) => string;
  /** Called after a claim moved money (the route refreshes the header balance). */
  onMoneyMoved?: () => void;
  vipPath: string;
  rewardCentrePath: string;
};

export function BonusBets({ formatMoney, onMoneyMoved, vipPath, rewardCentrePath }: BonusBetsProps) {
  const { t } = useTranslation(['vip', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const qc = useQueryClient();
  const q = useQuery(bonusBetsQuery(token));
  const keys = useRef(new SubmissionKeys());
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string; centre?: boolean } | null>(null);
  const d = q.data;
  const fmt = (minor: number) => formatMoney(minor, d?.currency ?? '', d?.decimals ?? 2);

  const claim = useMutation({
    mutationFn: () => claimBonusBets(keys.current.keyFor('claim')),
    onMutate: () => setNotice(null),
    onSuccess: (res) => {
      keys.current.done();
      setNotice(
        res.claim.paid
          ? { tone: 'ok', text: t('vip:bonusBets.claimed', { amount: fmt(res.claim.amount) }) }
          : { tone: 'ok', text: t('vip:bonusBets.inCentre', { amount: fmt(res.claim.amount) }), centre: true },
      );
      void qc.invalidateQueries({ queryKey: VIP_QUERY_ROOT });
      void qc.invalidateQueries({ queryKey: ['rewards'] });
      onMoneyMoved?.();
    },
    onError: (err) => {
      keys.current.done();
      setNotice({ tone: 'error', text: errorMessage(t, err) });
      void qc.invalidateQueries({ queryKey: VIP_QUERY_ROOT });
    },
  });

  if (q.isError && !d) return <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (!d) return <Skeleton height={320} radius="card" />;
  const cur = d.current;

  return (
    <div className={s.page} data-testid="bonus-bets-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Coins size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('vip:bonusBets.title')}</h1>
          <p className={s.subtitle}>{t('vip:bonusBets.subtitle')}</p>
        </div>
      </header>

      {notice && (
        <div className={s.notice} data-tone={notice.tone} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="bonus-bets-notice">
          <span>{notice.text}</span>
          {notice.centre && (
            <Link to={rewardCentrePath} className={s.link}>
              {t('vip:history.toCentre')}
            </Link>
          )}
        </div>
      )}

      <section className={s.card} aria-labelledby="bb-now">
        <div className={s.cardHead}>
          <h2 id="bb-now" className={s.cardTitle}>{t('vip:bonusBets.now')}</h2>
          <Link to={vipPath} className={s.link}>
            {t('vip:bonusBets.atLevel', { level: cur.level })}
          </Link>
        </div>
        <dl className={s.stats}>
          <div>
            <dt>{t('vip:bonusBets.validBets')}</dt>
            <dd data-testid="bonus-bets-valid">{fmt(cur.validBets)}</dd>
          </div>
          <div data-main>
            <dt>{t('vip:bonusBets.amount')}</dt>
            <dd data-testid="bonus-bets-amount">{fmt(cur.amount)}</dd>
          </div>
        </dl>
        {cur.lines.length > 0 && (
          <div className={s.tableWrap}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th scope="col">{t('vip:bonusBets.category')}</th>
                  <th scope="col">{t('vip:bonusBets.validBets')}</th>
                  <th scope="col">{t('vip:bonusBets.rate')}</th>
                  <th scope="col">{t('vip:bonusBets.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {cur.lines.map((l) => (
                  <tr key={l.category}>
                    <th scope="row">{t(`vip:category.${l.category}`, { defaultValue: l.category })}</th>
                    <td>{fmt(l.validBets)}</td>
                    <td>{formatRate(l.rate)}</td>
                    <td>{fmt(l.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className={s.claimRow}>
          <p className={s.muted}>{t('vip:bonusBets.minimum', { amount: fmt(cur.minimum) })}</p>
          <Button onClick={() => claim.mutate()} loading={claim.isPending} disabled={!cur.claimable || claim.isPending} icon={<Coins size={16} />}>
            {t('vip:bonusBets.claim')}
          </Button>
        </div>
      </section>

      <section className={s.card} aria-labelledby="bb-history">
        <h2 id="bb-history" className={s.cardTitle}>{t('vip:bonusBets.history')}</h2>
        {d.claims.length === 0 ? (
          <EmptyState icon={<ReceiptText size={28} strokeWidth={1.75} />} title={t('vip:bonusBets.emptyTitle')} description={t('vip:bonusBets.emptyBody')} />
        ) : (
          <ul className={s.list} data-testid="bonus-bets-history">
            {d.claims.map((c) => (
              <li key={c.id} className={s.row}>
                <div>
                  <p className={s.rowTitle}>{t('vip:bonusBets.claimLine', { amount: fmt(c.validBets), level: c.level })}</p>
                  <p className={s.muted}>{formatDateTime(c.claimedAt)}</p>
                </div>
                <strong className={s.amount}>{fmt(c.amount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
