// /member/personalProfit (personal profit and loss, spec section 2): per day
// (newest first) and category, bet, valid bet, win and profit, with each
// day's and the whole range's totals; the account record's date presets and
// steppers. The range lives in the URL.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TrendingUp } from 'lucide-react';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui';
import { useSession } from '@/lib/session';
import { clampRange, todayIn, type DateRange } from '@/lib/dateRange';
import { formatMinor } from '@/lib/format';
import { profitQuery } from '../api/profit';
import { readRange, writeFilter } from '../lib/filter';
import { SumCards, signedMoney, type MoneyFormat } from './BettingRecord';
import { RangeFilter } from './RangeFilter';
import s from './records.module.css';

const plain: MoneyFormat = (minor) => formatMinor(minor, 2);

export function ProfitLoss({ formatMoney = plain }: { formatMoney?: MoneyFormat }) {
  const { t } = useTranslation(['records', 'layout'], { useSuspense: true });
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const [timeZone, setTimeZone] = useState<string>();
  const today = todayIn(timeZone);
  const range = readRange(params, today);
  const q = useQuery(profitQuery(token, { from: range.from, to: range.to }));
  const answeredZone = q.data?.timezone;
  useEffect(() => {
    if (answeredZone) setTimeZone(answeredZone);
  }, [answeredZone]);
  const update = (r: DateRange) => setParams(writeFilter(params, { range: clampRange(r, today) }), { replace: true });
  const data = q.data;
  const fmt = formatMoney;
  const category = (gt: string) => t(`layout:nav.${gt}`, { defaultValue: gt });

  return (
    <div className={s.page} data-testid="profit-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <TrendingUp size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('records:profit.title')}</h1>
          <p className={s.subtitle}>{t('records:profit.subtitle')}</p>
        </div>
      </header>

      <section className={s.filters} aria-label={t('records:filters')}>
        <RangeFilter range={range} today={today} onChange={update} />
      </section>

      <SumCards sums={data?.total} fmt={fmt} loading={!data} />

      {q.isError && !data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !data ? (
        <div className={s.tableWrap} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className={s.skeletonRow}>
              <Skeleton height={18} />
            </div>
          ))}
        </div>
      ) : data.days.length === 0 ? (
        <EmptyState icon={<TrendingUp size={28} strokeWidth={1.75} />} title={t('records:profit.emptyTitle')} description={t('records:emptyBody')} />
      ) : (
        <div className={s.days} data-fetching={q.isFetching || undefined}>
          {data.days.map((d) => (
            <section key={d.day} className={s.day} data-testid="profit-day" data-day={d.day} aria-labelledby={`profit-${d.day}`}>
              <h2 className={s.dayHead} id={`profit-${d.day}`}>
                <span dir="ltr">{d.day}</span>
                <span className={s.amount} data-sign={d.total.profit > 0 ? 'in' : d.total.profit < 0 ? 'out' : undefined} data-testid="profit-day-total">
                  <span dir="ltr">{signedMoney(fmt, d.total.profit)}</span>
                </span>
              </h2>
              <div className={s.tableWrap}>
                <table className={s.table}>
                  <caption className="sr-only">{t('records:profit.caption', { day: d.day })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('records:col.gameType')}</th>
                      <th scope="col" className={s.num}>
                        {t('records:col.rounds')}
                      </th>
                      <th scope="col" className={s.num}>
                        {t('records:col.bet')}
                      </th>
                      <th scope="col" className={s.num}>
                        {t('records:col.validBet')}
                      </th>
                      <th scope="col" className={s.num}>
                        {t('records:col.win')}
                      </th>
                      <th scope="col" className={s.num}>
                        {t('records:col.profit')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.categories.map((c) => (
                      <tr key={c.gameType} className={s.profitCard} data-testid="profit-row" data-gametype={c.gameType}>
                        <td data-label={t('records:col.gameType')} className={s.lead}>
                          {category(c.gameType)}
                        </td>
                        <td data-label={t('records:col.rounds')} className={[s.num, s.rounds].join(' ')}>
                          {c.rounds ?? 0}
                        </td>
                        <td data-label={t('records:col.bet')} className={[s.num, s.figure].join(' ')}>
                          <span dir="ltr">{fmt(c.bet)}</span>
                        </td>
                        <td data-label={t('records:col.validBet')} className={[s.num, s.figure].join(' ')}>
                          <span dir="ltr">{fmt(c.validBet)}</span>
                        </td>
                        <td data-label={t('records:col.win')} className={[s.num, s.figure].join(' ')}>
                          <span dir="ltr">{fmt(c.win)}</span>
                        </td>
                        <td data-label={t('records:col.profit')} className={[s.num, s.amount].join(' ')} data-sign={c.profit > 0 ? 'in' : c.profit < 0 ? 'out' : undefined} data-testid="profit-value">
                          <span dir="ltr">{signedMoney(fmt, c.profit)}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
