// /member/personalHistoryCopy (betting record, spec sections 2 and 9): the
// member's game rounds in a date range (the account record's presets and
// steppers), filtered by category and status, paged, with the sums of bet,
// valid bet, win and profit of the whole filter. The filter lives in the URL.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Dices } from 'lucide-react';
import { EmptyState, ErrorState, Pager, Skeleton } from '@/components/ui';
import { useSession } from '@/lib/session';
import { clampRange, formatInZone, todayIn, type DateRange } from '@/lib/dateRange';
import { formatMinor } from '@/lib/format';
import { GAME_TYPES, PAGE_SIZE, ROUND_STATUSES, betsQuery, type RoundStatus, type Sums } from '../api/bets';
import { readBetFilter, writeFilter } from '../lib/filter';
import { RangeFilter } from './RangeFilter';
import s from './records.module.css';

export type MoneyFormat = (minor: number) => string;
const plain: MoneyFormat = (minor) => formatMinor(minor, 2);

export function signedMoney(fmt: MoneyFormat, minor: number): string {
  return minor > 0 ? `+${fmt(minor)}` : minor < 0 ? `-${fmt(-minor)}` : fmt(0);
}

export function SumCards({ sums, fmt, loading }: { sums?: Sums; fmt: MoneyFormat; loading: boolean }) {
  const { t } = useTranslation('records');
  const cell = (key: 'bet' | 'validBet' | 'win' | 'profit') => {
    const v = sums?.[key] ?? 0;
    const sign = key === 'profit' ? (v > 0 ? 'in' : v < 0 ? 'out' : undefined) : undefined;
    return (
      <div className={s.sum} data-sign={sign} key={key}>
        <span className={s.sumLabel}>{t(`col.${key}`)}</span>
        <strong className={s.sumValue} data-testid={`records-sum-${key}`}>
          {loading ? <Skeleton width={90} height={18} /> : <span dir="ltr">{key === 'profit' ? signedMoney(fmt, v) : fmt(v)}</span>}
        </strong>
      </div>
    );
  };
  return (
    <section className={s.sums} aria-label={t('totals')} data-testid="records-sums">
      {cell('bet')}
      {cell('validBet')}
      {cell('win')}
      {cell('profit')}
    </section>
  );
}

export function BettingRecord({ formatMoney = plain }: { formatMoney?: MoneyFormat }) {
  const { t } = useTranslation(['records', 'layout'], { useSuspense: true });
  const { token } = useSession();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [timeZone, setTimeZone] = useState<string>();
  const today = todayIn(timeZone);
  const { range, gameType, status, page } = readBetFilter(params, today);
  const filter = useMemo(() => ({ from: range.from, to: range.to, gameType, status, page, pageSize: PAGE_SIZE }), [range.from, range.to, gameType, status, page]);
  const q = useQuery(betsQuery(token, filter));
  const answeredZone = q.data?.timezone;
  useEffect(() => {
    if (answeredZone) setTimeZone(answeredZone);
  }, [answeredZone]);

  // Filters written but not rendered yet: two changes in a row (before the
  // address updates) build on each other instead of the second undoing the first.
  const pending = useRef<URLSearchParams | null>(null);
  const paramsKey = params.toString();
  useEffect(() => {
    pending.current = null;
  }, [paramsKey]);
  const update = (next: { range?: DateRange; gameType?: string; status?: RoundStatus | ''; page?: number }) => {
    const base = pending.current ?? params;
    const cur = readBetFilter(base, today);
    const written = writeFilter(base, { range: clampRange(next.range ?? cur.range, today), gameType: next.gameType ?? cur.gameType, status: next.status ?? cur.status, page: next.page ?? 1 });
    pending.current = written;
    setParams(written, { replace: true });
  };

  const data = q.data;
  const fmt = formatMoney;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || PAGE_SIZE))) : 1;
  const category = (gt: string) => t(`layout:nav.${gt}`, { defaultValue: gt });
  const statusLabel = (st: string) => t(`records:status.${st}`, { defaultValue: st });

  return (
    <div className={s.page} data-testid="bets-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Dices size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('records:bets.title')}</h1>
          <p className={s.subtitle}>{t('records:bets.subtitle')}</p>
        </div>
      </header>

      <section className={s.filters} aria-label={t('records:filters')}>
        <RangeFilter range={range} today={today} onChange={(r) => update({ range: r })} />
        <div className={s.selects}>
          <label className={s.select}>
            {t('records:col.gameType')}
            <select className="input" value={gameType} onChange={(e) => update({ gameType: e.target.value })} data-testid="records-gametype">
              <option value="">{t('records:all')}</option>
              {GAME_TYPES.map((gt) => (
                <option key={gt} value={gt}>
                  {category(gt)}
                </option>
              ))}
            </select>
          </label>
          <label className={s.select}>
            {t('records:col.status')}
            <select className="input" value={status} onChange={(e) => update({ status: e.target.value as RoundStatus | '' })} data-testid="records-status">
              <option value="">{t('records:all')}</option>
              {ROUND_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {statusLabel(st)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </section>

      <SumCards sums={data?.sums} fmt={fmt} loading={!data} />

      {q.isError && !data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !data ? (
        <div className={s.tableWrap} aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className={s.skeletonRow}>
              <Skeleton height={18} />
            </div>
          ))}
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState icon={<Dices size={28} strokeWidth={1.75} />} title={t('records:bets.emptyTitle')} description={t('records:emptyBody')} />
      ) : (
        <>
          <p className={s.subtitle} data-testid="records-count">
            {t('records:bets.count', { count: data.total })}
          </p>
          <div className={s.tableWrap} data-fetching={q.isFetching || undefined}>
            <table className={s.table} aria-describedby={`${id}-caption`} data-testid="bets-table">
              <caption id={`${id}-caption`} className="sr-only">
                {t('records:bets.caption', { from: range.from, to: range.to })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('records:col.time')}</th>
                  <th scope="col">{t('records:col.game')}</th>
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
                  <th scope="col">{t('records:col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((row) => (
                  <tr key={`${row.vendor}-${row.roundId}`} data-testid="bets-row" data-round={row.roundId}>
                    <td data-label={t('records:col.time')} className={s.time}>
                      <time dateTime={new Date(row.startedAt).toISOString()} dir="ltr">
                        {formatInZone(row.startedAt, timeZone)}
                      </time>
                    </td>
                    <td data-label={t('records:col.game')} className={s.typeCell}>
                      <span className={s.game}>
                        <span data-testid="bets-game">{row.gameName || row.gameCode}</span>
                        <small>
                          {category(row.gameType)} · {row.vendor} · <span dir="ltr">{row.roundId}</span>
                        </small>
                      </span>
                    </td>
                    <td data-label={t('records:col.bet')} className={[s.num, s.figure].join(' ')} data-testid="bets-bet">
                      <span dir="ltr">{fmt(row.bet)}</span>
                    </td>
                    <td data-label={t('records:col.validBet')} className={[s.num, s.figure].join(' ')}>
                      <span dir="ltr">{fmt(row.validBet)}</span>
                    </td>
                    <td data-label={t('records:col.win')} className={[s.num, s.figure].join(' ')} data-testid="bets-win">
                      <span dir="ltr">{fmt(row.win)}</span>
                    </td>
                    <td data-label={t('records:col.profit')} className={[s.num, s.amount].join(' ')} data-sign={row.profit > 0 ? 'in' : row.profit < 0 ? 'out' : undefined} data-testid="bets-profit">
                      <span dir="ltr">{signedMoney(fmt, row.profit)}</span>
                    </td>
                    <td data-label={t('records:col.status')} className={s.statusCell}>
                      <span className={s.statusTag} data-status={row.status} data-testid="bets-status">
                        {statusLabel(row.status)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={Math.min(page, totalPages)} totalPages={totalPages} onChange={(pg) => update({ page: pg })} />
        </>
      )}
    </div>
  );
}
