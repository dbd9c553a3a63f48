// Reports: the daily figures per day or month, the games report by vendor,
// category or game, and the players ranking; each list sorts, pages and
// exports as the server's CSV. The choices live in the URL.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button, DataTable, EmptyState, SelectField, Spinner, Tabs, useToast, type Column, type Sort } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { dailyQuery, downloadCsv, gamesQuery, PLAYERS_PAGE, playersQuery, zoneQuery, type By, type DayPoint, type GameRow, type Group, type PlayerRow, type Rank } from '../api/reports';
import { isPeriodValid, presetPeriod, type Period } from '../api/period';
import { percentBp } from './Dashboard';
import { PeriodPicker } from './PeriodPicker';
import s from './Reports.module.css';

type Tab = 'day' | 'month' | 'players';
const BYS: By[] = ['total', 'vendor', 'category', 'game'];
const RANKS: Rank[] = ['pnl', 'deposits', 'turnover'];
const ROWS_PAGE = 31;
const count = (n: number) => n.toLocaleString('en-US');

export type ReportState = { tab: Tab; by: By; rank: Rank; period: Period; page: number };

/** The report the URL asks for; anything unknown falls back to the default (daily totals, the last 30 days). */
export function readReport(sp: URLSearchParams, timeZone?: string): ReportState {
  const tab = (['day', 'month', 'players'] as const).find((k) => k === sp.get('tab')) ?? 'day';
  const by = BYS.find((k) => k === sp.get('by')) ?? 'total';
  const rank = RANKS.find((k) => k === sp.get('rank')) ?? 'pnl';
  const p = { from: sp.get('from') ?? '', to: sp.get('to') ?? '' };
  const period = isPeriodValid(p) ? p : presetPeriod('last30', timeZone);
  return { tab, by, rank, period, page: Math.max(1, Number(sp.get('page')) || 1) };
}

export function Reports() {
  const { t } = useTranslation('console-reports');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [sp, setSp] = useSearchParams();
  const zone = useQuery(zoneQuery).data?.timezone;
  const st = readReport(sp, zone);
  const set = (next: Partial<ReportState>) => {
    const v = { ...st, page: 1, ...next };
    const q = new URLSearchParams({ tab: v.tab, from: v.period.from, to: v.period.to });
    if (v.tab === 'players') q.set('rank', v.rank);
    else q.set('by', v.by);
    if (v.page > 1) q.set('page', String(v.page));
    setSp(q);
  };

  const exportCsv = useMutation({
    mutationFn: () => {
      const range = { from: st.period.from, to: st.period.to };
      if (st.tab === 'players') return downloadCsv('/ops/v1/reports/players', { ...range, rank: st.rank });
      if (st.by === 'total') return downloadCsv('/ops/v1/reports/daily', { ...range, group: st.tab });
      return downloadCsv('/ops/v1/reports/games', { ...range, group: st.tab, by: st.by });
    },
    onSuccess: (name) => toast('success', t('reports.exported', { name })),
    onError: (e) => toast('error', errorText(tc, e)),
  });

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        intro={t('reports.intro')}
        actions={
          <Button variant="secondary" icon={<Download size={16} aria-hidden="true" />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {t('reports.export')}
          </Button>
        }
      />
      <PeriodPicker value={st.period} timeZone={zone} onChange={(period) => set({ period })} />
      <Tabs
        label={t('reports.kind')}
        value={st.tab}
        onChange={(k) => set({ tab: k as Tab })}
        tabs={[
          { key: 'day', label: t('reports.daily') },
          { key: 'month', label: t('reports.monthly') },
          { key: 'players', label: t('reports.players') },
        ]}
      >
        <div className={s.toolbar}>
          {st.tab === 'players' ? (
            <SelectField className={s.pick} label={t('reports.rankBy')} value={st.rank} onChange={(e) => set({ rank: e.target.value as Rank })}>
              {RANKS.map((k) => (
                <option key={k} value={k}>
                  {t(`rank.${k}`)}
                </option>
              ))}
            </SelectField>
          ) : (
            <SelectField className={s.pick} label={t('reports.groupBy')} value={st.by} onChange={(e) => set({ by: e.target.value as By })}>
              {BYS.map((k) => (
                <option key={k} value={k}>
                  {t(`by.${k}`)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {st.tab === 'players' ? (
          <PlayersTable st={st} onPage={(page) => set({ page })} />
        ) : st.by === 'total' ? (
          <DailyTable st={st} onPage={(page) => set({ page })} />
        ) : (
          <GamesTable st={st} onPage={(page) => set({ page })} />
        )}
      </Tabs>
    </>
  );
}

type TableProps = { st: ReportState; onPage: (p: number) => void };

function useMoney(dec: number) {
  return (v: number) => formatMinor(v, dec);
}

function DailyTable({ st, onPage }: TableProps) {
  const { t } = useTranslation('console-reports');
  const { t: tc } = useTranslation();
  const [sort, setSort] = useState<Sort>(null);
  const q = useQuery(dailyQuery(st.period, st.tab as Group));
  const m = useMoney(q.data?.decimals ?? 2);
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const money = (key: keyof DayPoint, label: string): Column<DayPoint> => ({ key, header: label, cell: (r) => m(r[key] as number), sortValue: (r) => r[key] as number, align: 'end', nowrap: true });
  const columns: Column<DayPoint>[] = [
    { key: 'day', header: st.tab === 'month' ? t('col.month') : t('col.day'), cell: (r) => r.day, sortValue: (r) => r.day, nowrap: true },
    { key: 'registrations', header: t('col.registrations'), cell: (r) => count(r.registrations), sortValue: (r) => r.registrations, align: 'end' },
    { key: 'firstDeposits', header: t('col.firstDeposits'), cell: (r) => count(r.firstDeposits), sortValue: (r) => r.firstDeposits, align: 'end' },
    money('deposits', t('fig.deposits')),
    money('withdrawals', t('fig.withdrawals')),
    money('netCash', t('fig.netCash')),
    money('turnover', t('fig.turnover')),
    money('ggr', t('fig.ggr')),
    { key: 'holdBp', header: t('fig.holdBp'), cell: (r) => percentBp(r.holdBp), sortValue: (r) => r.holdBp, align: 'end', nowrap: true },
    money('ngr', t('fig.ngr')),
    { key: 'activePlayers', header: t('col.active'), cell: (r) => count(r.activePlayers), sortValue: (r) => r.activePlayers, align: 'end' },
  ];
  return (
    <DataTable
      caption={st.tab === 'month' ? t('reports.monthly') : t('reports.daily')}
      hideCaption
      columns={columns}
      rows={q.data.items}
      rowKey={(r) => r.day}
      labels={tableLabels(tc)}
      sort={sort}
      onSortChange={setSort}
      pageSize={ROWS_PAGE}
      page={st.page}
      onPageChange={onPage}
      busy={q.isFetching}
      empty={<EmptyState compact title={t('reports.empty')} />}
      className={s.table}
    />
  );
}

function GamesTable({ st, onPage }: TableProps) {
  const { t } = useTranslation('console-reports');
  const { t: tc } = useTranslation();
  const [sort, setSort] = useState<Sort>(null);
  const by = st.by as Exclude<By, 'total'>;
  const q = useQuery(gamesQuery(st.period, st.tab as Group, by));
  const m = useMoney(q.data?.decimals ?? 2);
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const money = (key: keyof GameRow, label: string): Column<GameRow> => ({ key, header: label, cell: (r) => m(r[key] as number), sortValue: (r) => r[key] as number, align: 'end', nowrap: true });
  const columns: Column<GameRow>[] = [
    { key: 'period', header: st.tab === 'month' ? t('col.month') : t('col.day'), cell: (r) => r.period, sortValue: (r) => r.period, nowrap: true },
    ...(by === 'category'
      ? [{ key: 'category', header: t('col.category'), cell: (r: GameRow) => r.category, sortValue: (r: GameRow) => r.category ?? '' }]
      : [
          { key: 'name', header: by === 'game' ? t('col.game') : t('col.vendor'), cell: (r: GameRow) => r.name || (by === 'game' ? r.game : r.vendor), sortValue: (r: GameRow) => r.name || r.game || r.vendor },
          ...(by === 'game'
            ? [
                { key: 'vendor', header: t('col.vendor'), cell: (r: GameRow) => r.vendor, sortValue: (r: GameRow) => r.vendor },
                { key: 'category', header: t('col.category'), cell: (r: GameRow) => r.category, sortValue: (r: GameRow) => r.category ?? '' },
              ]
            : []),
        ]),
    money('turnover', t('fig.turnover')),
    money('validBets', t('col.validBets')),
    money('wins', t('col.wins')),
    money('ggr', t('fig.ggr')),
    { key: 'holdBp', header: t('fig.holdBp'), cell: (r) => percentBp(r.holdBp), sortValue: (r) => r.holdBp, align: 'end', nowrap: true },
    { key: 'rounds', header: t('top.rounds'), cell: (r) => count(r.rounds), sortValue: (r) => r.rounds, align: 'end' },
  ];
  return (
    <>
      {q.data.truncated && (
        <p className={s.note} role="status">
          {t('reports.truncated', { n: count(q.data.items.length) })}
        </p>
      )}
      <DataTable
        caption={t(`by.${by}`)}
        hideCaption
        columns={columns}
        rows={q.data.items}
        rowKey={(r) => `${r.period}/${r.vendor}/${r.category ?? ''}/${r.game ?? ''}`}
        labels={tableLabels(tc)}
        sort={sort}
        onSortChange={setSort}
        filterable
        pageSize={ROWS_PAGE}
        page={st.page}
        onPageChange={onPage}
        busy={q.isFetching}
        empty={<EmptyState compact title={t('reports.empty')} />}
        className={s.table}
      />
    </>
  );
}

function PlayersTable({ st, onPage }: TableProps) {
  const { t } = useTranslation('console-reports');
  const { t: tc } = useTranslation();
  const [sort, setSort] = useState<Sort>(null);
  const q = useQuery(playersQuery(st.period, st.rank, st.page));
  const m = useMoney(q.data?.decimals ?? 2);
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const money = (key: keyof PlayerRow, label: string): Column<PlayerRow> => ({ key, header: label, cell: (r) => m(r[key] as number), sortValue: (r) => r[key] as number, align: 'end', nowrap: true });
  const columns: Column<PlayerRow>[] = [
    { key: 'rank', header: t('col.rank'), cell: (r) => r.rank, sortValue: (r) => r.rank, align: 'end' },
    { key: 'username', header: t('col.player'), cell: (r) => r.username || `#${r.memberId}`, sortValue: (r) => r.username },
    { key: 'memberId', header: t('col.memberId'), cell: (r) => r.memberId, sortValue: (r) => r.memberId, align: 'end' },
    money('pnl', t('rank.pnl')),
    money('turnover', t('fig.turnover')),
    money('wins', t('col.wins')),
    { key: 'rounds', header: t('top.rounds'), cell: (r) => count(r.rounds), sortValue: (r) => r.rounds, align: 'end' },
    money('deposits', t('fig.deposits')),
    money('withdrawals', t('fig.withdrawals')),
  ];
  return (
    <>
      <p className={s.note} aria-live="polite">
        {t('reports.playersTotal', { n: count(q.data.total) })}
      </p>
      <DataTable
        caption={t('reports.players')}
        hideCaption
        columns={columns}
        rows={q.data.items}
        rowKey={(r) => r.memberId}
        labels={tableLabels(tc)}
        sort={sort}
        onSortChange={setSort}
        page={st.page}
        onPageChange={onPage}
        manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PLAYERS_PAGE)) }}
        busy={q.isFetching}
        empty={<EmptyState compact title={t('reports.empty')} />}
        className={s.table}
      />
    </>
  );
}
