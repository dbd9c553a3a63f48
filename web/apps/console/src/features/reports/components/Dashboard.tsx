// The dashboard: a period's figures beside the period of the same length
// before it, a chart per day, the top games and vendors, and what each
// figure means. Everything comes from one request (the daily report rows).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { DataTable, SelectField, Spinner, EmptyState, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { dashboardQuery, type Metrics, type Top } from '../api/reports';
import { changePct, type Period } from '../api/period';
import { PeriodPicker } from './PeriodPicker';
import { DayChart } from './DayChart';
import s from './Reports.module.css';

type Kind = 'money' | 'count' | 'bp';
type Figure = { key: keyof Metrics; kind: Kind; /** a rise is bad news (costs, money out) */ lowerIsBetter?: boolean; count?: keyof Metrics };

/** The cards, in the order docs/reports.md defines them. */
export const FIGURES: Figure[] = [
  { key: 'registrations', kind: 'count' },
  { key: 'firstDeposits', kind: 'count' },
  { key: 'firstDepositAmount', kind: 'money' },
  { key: 'deposits', kind: 'money', count: 'depositCount' },
  { key: 'withdrawals', kind: 'money', count: 'withdrawalCount', lowerIsBetter: true },
  { key: 'netCash', kind: 'money' },
  { key: 'turnover', kind: 'money' },
  { key: 'ggr', kind: 'money' },
  { key: 'holdBp', kind: 'bp' },
  { key: 'bonusCost', kind: 'money', lowerIsBetter: true },
  { key: 'ngr', kind: 'money' },
  { key: 'activePlayers', kind: 'count' },
  { key: 'arpu', kind: 'money' },
];

/** Figures the chart can draw. */
const CHARTABLE: (keyof Metrics)[] = ['turnover', 'ggr', 'ngr', 'deposits', 'withdrawals', 'netCash', 'activePlayers', 'registrations', 'firstDeposits'];

const count = (n: number) => n.toLocaleString('en-US');
/** Basis points as a percentage with two decimals (1234 -> "12.34 %"). */
export const percentBp = (bp: number) => `${formatMinor(bp, 2)} %`;

function readPeriod(sp: URLSearchParams): Period | null {
  const from = sp.get('from');
  const to = sp.get('to');
  return from && to ? { from, to } : null;
}

export function Dashboard() {
  const { t } = useTranslation('console-reports');
  const { t: tc } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const period = readPeriod(sp);
  const q = useQuery(dashboardQuery(period));
  const [chart, setChart] = useState<keyof Metrics>('turnover');
  const d = q.data;
  const dec = d?.decimals ?? 2;
  const fmt = (kind: Kind, v: number) => (kind === 'money' ? formatMinor(v, dec) : kind === 'bp' ? percentBp(v) : count(v));
  const kindOf = (k: keyof Metrics): Kind => FIGURES.find((f) => f.key === k)?.kind ?? 'money';

  const topColumns = (games: boolean): Column<Top>[] => [
    { key: 'name', header: games ? t('top.game') : t('top.vendor'), cell: (r) => r.name || (games ? r.game : r.vendor), sortValue: (r) => r.name || r.game || r.vendor },
    ...(games ? [{ key: 'vendor', header: t('top.vendor'), cell: (r: Top) => r.vendor, sortValue: (r: Top) => r.vendor }] : []),
    { key: 'turnover', header: t('fig.turnover'), cell: (r) => formatMinor(r.turnover, dec), sortValue: (r) => r.turnover, align: 'end', nowrap: true },
    { key: 'ggr', header: t('fig.ggr'), cell: (r) => formatMinor(r.ggr, dec), sortValue: (r) => r.ggr, align: 'end', nowrap: true },
    { key: 'rounds', header: t('top.rounds'), cell: (r) => count(r.rounds), sortValue: (r) => r.rounds, align: 'end', nowrap: true },
  ];

  return (
    <>
      <PageHeader title={t('dashboard.title')} intro={d ? t('dashboard.intro', { currency: d.currency }) : undefined} />
      {d && <PeriodPicker value={d.period} timeZone={d.timezone} compare onChange={(p) => setSp(new URLSearchParams({ from: p.from, to: p.to }))} />}
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <div className={s.stack} aria-busy={q.isFetching || undefined}>
          <section aria-labelledby="kpi-head">
            <h2 id="kpi-head" className="sr-only">
              {t('dashboard.figures')}
            </h2>
            <ul className={s.cards}>
              {FIGURES.map((f) => (
                <KpiCard key={f.key} figure={f} cur={d!.current} prev={d!.prior} fmt={(v) => fmt(f.kind, v)} />
              ))}
            </ul>
          </section>
          <details className={s.definitions}>
            <summary>{t('dashboard.definitions')}</summary>
            <dl>
              {FIGURES.filter((f) => f.key !== 'firstDepositAmount').map((f) => (
                <div key={f.key}>
                  <dt>{t(`fig.${f.key}`)}</dt>
                  <dd>{t(`def.${f.key}`)}</dd>
                </div>
              ))}
              <div>
                <dt>{t('dashboard.top')}</dt>
                <dd>{t('def.top')}</dd>
              </div>
              <div>
                <dt>{t('dashboard.days')}</dt>
                <dd>{t('def.days', { zone: d!.timezone })}</dd>
              </div>
            </dl>
          </details>
          <section className={s.panel} aria-labelledby="chart-head">
            <div className={s.panelHead}>
              <h2 id="chart-head" className={s.h2}>
                {t('dashboard.perDay')}
              </h2>
              <SelectField className={s.chartPick} label={t('dashboard.chartFigure')} value={chart} onChange={(e) => setChart(e.target.value as keyof Metrics)}>
                {CHARTABLE.map((k) => (
                  <option key={k} value={k}>
                    {t(`fig.${k}`)}
                  </option>
                ))}
              </SelectField>
            </div>
            <DayChart
              points={d!.days.map((p) => ({ day: p.day, value: p[chart] as number }))}
              label={t(`fig.${chart}`)}
              format={(v) => fmt(kindOf(chart), v)}
              dayLabel={(day) => day.slice(5)}
              summary={t('chart.summary', { from: d!.period.from, to: d!.period.to, total: fmt(kindOf(chart), d!.current[chart] as number) })}
              tableCaption={t('chart.table', { figure: t(`fig.${chart}`) })}
              dayHeader={t('chart.day')}
              showTable={t('chart.showTable')}
            />
          </section>
          <div className={s.tops}>
            {[true, false].map((games) => (
              <section key={String(games)} className={s.panel} aria-labelledby={games ? 'top-games' : 'top-vendors'}>
                <h2 id={games ? 'top-games' : 'top-vendors'} className={s.h2}>
                  {games ? t('dashboard.topGames') : t('dashboard.topVendors')}
                </h2>
                <DataTable
                  caption={games ? t('dashboard.topGames') : t('dashboard.topVendors')}
                  hideCaption
                  columns={topColumns(games)}
                  rows={games ? d!.topGames : d!.topVendors}
                  rowKey={(r) => `${r.vendor}/${r.category ?? ''}/${r.game ?? ''}`}
                  labels={tableLabels(tc)}
                  empty={<EmptyState compact title={t('dashboard.noPlay')} />}
                />
              </section>
            ))}
          </div>
        </div>
      )}
    </>
  );
}

function KpiCard({ figure, cur, prev, fmt }: { figure: Figure; cur: Metrics; prev: Metrics; fmt: (v: number) => string }) {
  const { t } = useTranslation('console-reports');
  const v = cur[figure.key];
  const p = prev[figure.key];
  const pct = changePct(v, p);
  const dir = v === p ? 'flat' : v > p ? 'up' : 'down';
  const good = dir === 'flat' ? 'flat' : (dir === 'up') !== Boolean(figure.lowerIsBetter) ? 'good' : 'bad';
  const Icon = dir === 'up' ? ArrowUpRight : dir === 'down' ? ArrowDownRight : ArrowRight;
  const pctText = pct === null ? t('change.new') : `${pct > 0 ? '+' : ''}${pct.toFixed(1)} %`;
  return (
    <li className={s.card}>
      <span className={s.cardLabel}>{t(`fig.${figure.key}`)}</span>
      <strong className={s.cardValue} data-figure={figure.key}>
        {fmt(v)}
      </strong>
      {figure.count && <span className={s.cardSub}>{t('card.count', { n: count(cur[figure.count]) })}</span>}
      <span className={s.cardPrev}>{t('card.previous', { value: fmt(p) })}</span>
      <span className={[s.change, s[good]].join(' ')}>
        <Icon size={14} aria-hidden="true" />
        <span className="sr-only">{t(`change.${dir}`)}</span>
        {pctText}
      </span>
    </li>
  );
}
