// The VIP bonus page (spec section 2, "VIP bonus"): the member's level, the
// valid bets still needed for the next one, the keep rule with this month's
// valid bets, the levels table (thresholds, rewards, rebate rates) and the
// club's rewards issued to the member (they are claimed in the reward centre).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Crown, Gift } from 'lucide-react';
import { EmptyState, ErrorState, Skeleton, buttonClassName } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { formatRate, vipQuery, type VipLevel } from '../api/vip';
import s from './vip.module.css';

export type VipClubProps = {
  formatMoney: (minor: number, currency: string, decimals: number) => string;
  rewardCentrePath: string;
  bonusBetsPath: string;
};

export function VipClub({ formatMoney, rewardCentrePath, bonusBetsPath }: VipClubProps) {
  const { t, i18n } = useTranslation(['vip', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const q = useQuery(vipQuery(token, (i18n.language || 'TY').toUpperCase()));
  const d = q.data;
  if (q.isError && !d) return <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (!d) return <Skeleton height={320} radius="card" />;
  const fmt = (minor: number) => formatMoney(minor, d.currency, d.decimals);
  const cats = Array.from(new Set(d.levels.flatMap((l) => Object.keys(l.rates)))).sort();
  const percent = d.next ? Math.floor(d.next.progressPermil / 10) : 100;

  return (
    <div className={s.page} data-testid="vip-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Crown size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('vip:title')}</h1>
          <p className={s.subtitle}>{t('vip:subtitle')}</p>
        </div>
        <Link to={bonusBetsPath} className={buttonClassName({ variant: 'secondary' })}>
          {t('vip:toBonusBets')}
        </Link>
      </header>

      <section className={s.hero} aria-labelledby="vip-level">
        <div className={s.badge} data-level={d.level} aria-hidden="true">
          <Crown size={30} />
          <span>{d.level}</span>
        </div>
        <div className={s.heroText}>
          <p className={s.kicker}>{t('vip:currentLevel')}</p>
          <h2 id="vip-level" className={s.levelName} data-testid="vip-level-name">
            {t('vip:levelName', { level: d.level, name: d.name })}
          </h2>
          <p className={s.muted}>{t('vip:accumulated', { amount: fmt(d.validBets) })}</p>
          {d.next ? (
            <div className={s.progress}>
              <div className={s.progressHead}>
                <span>{t('vip:toNext', { name: d.next.name })}</span>
                <strong>{percent}%</strong>
              </div>
              <div className={s.bar} role="progressbar" aria-label={t('vip:toNext', { name: d.next.name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span style={{ width: `${percent}%` }} />
              </div>
              <p className={s.muted} data-testid="vip-to-go">
                {t('vip:needBets', { amount: fmt(d.next.validBetsToGo), name: d.next.name })}
                {d.next.depositsToGo > 0 && ` ${t('vip:needDeposits', { amount: fmt(d.next.depositsToGo) })}`}
              </p>
            </div>
          ) : (
            <p className={s.muted}>{t('vip:top')}</p>
          )}
        </div>
      </section>

      <section className={s.card} aria-labelledby="vip-keep">
        <h2 id="vip-keep" className={s.cardTitle}>{t('vip:keep.title')}</h2>
        <p className={s.muted}>{d.keepValidBets > 0 ? t('vip:keep.rule', { amount: fmt(d.keepValidBets) }) : t('vip:keep.none')}</p>
        {d.keepValidBets > 0 && <p className={s.muted} data-testid="vip-month">{t('vip:keep.month', { amount: fmt(d.monthBets), need: fmt(d.keepValidBets) })}</p>}
      </section>

      <section className={s.card} aria-labelledby="vip-levels">
        <h2 id="vip-levels" className={s.cardTitle}>{t('vip:levels.title')}</h2>
        <div className={s.tableWrap}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('vip:levels.level')}</th>
                <th scope="col">{t('vip:levels.validBets')}</th>
                <th scope="col">{t('vip:levels.keep')}</th>
                <th scope="col">{t('vip:levels.upgrade')}</th>
                <th scope="col">{t('vip:levels.weekly')}</th>
                <th scope="col">{t('vip:levels.monthly')}</th>
                {cats.map((c) => (
                  <th scope="col" key={c}>
                    {t('vip:levels.rate', { category: t(`vip:category.${c}`, { defaultValue: c }) })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.levels.map((l: VipLevel) => (
                <tr key={l.level} data-current={l.level === d.level || undefined} aria-current={l.level === d.level ? 'true' : undefined}>
                  <th scope="row">{t('vip:levelName', { level: l.level, name: l.name })}</th>
                  <td>
                    {fmt(l.minValidBets)}
                    {l.minDeposits > 0 && <span className={s.sub}>{t('vip:levels.plusDeposits', { amount: fmt(l.minDeposits) })}</span>}
                  </td>
                  <td>{l.keepValidBets > 0 ? fmt(l.keepValidBets) : '—'}</td>
                  <td>{l.upgradeReward > 0 ? fmt(l.upgradeReward) : '—'}</td>
                  <td>{l.weeklyReward > 0 ? fmt(l.weeklyReward) : '—'}</td>
                  <td>{l.monthlyReward > 0 ? fmt(l.monthlyReward) : '—'}</td>
                  {cats.map((c) => (
                    <td key={c}>{formatRate(l.rates[c] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={s.muted}>{t('vip:levels.note')}</p>
      </section>

      <section className={s.card} aria-labelledby="vip-history">
        <div className={s.cardHead}>
          <h2 id="vip-history" className={s.cardTitle}>{t('vip:history.title')}</h2>
          <Link to={rewardCentrePath} className={s.link}>
            {t('vip:history.toCentre')}
          </Link>
        </div>
        {d.history.length === 0 ? (
          <EmptyState icon={<Gift size={28} strokeWidth={1.75} />} title={t('vip:history.emptyTitle')} description={t('vip:history.emptyBody')} />
        ) : (
          <ul className={s.list} data-testid="vip-history">
            {d.history.map((r) => (
              <li key={r.id} className={s.row}>
                <div>
                  <p className={s.rowTitle}>{r.title}</p>
                  <p className={s.muted}>{formatDateTime(r.issuedAt)}</p>
                </div>
                <div className={s.rowEnd}>
                  <strong className={s.amount}>{fmt(r.amount)}</strong>
                  <span className={s.status} data-status={r.status}>
                    {t(`vip:status.${r.status}`)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
