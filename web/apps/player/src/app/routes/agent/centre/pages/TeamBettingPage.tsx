// Agent centre: team betting (spec personalHistoryCopy for the team; GET
// /wps/agent/report/bets): the team's rounds with filters (member, category,
// status), the sums and a CSV of the same filter. A team above the server's
// limit must name a member (teamreport.team_too_large: shown as the error).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScrollText } from 'lucide-react';
import { BET_STATUSES, REPORT_MAX_DAYS, betsParams, betsQuery, downloadReportCsv, type TeamBet } from '@/features/agent/api/reports';
import { formatDateTime } from '@/lib/format';
import { Amount, CsvButton, Filters, PeriodNote, ReportTable, totalPagesOf, usePageParam, usePeriod } from './kit';
import { SelectParam, UsernameFilter, useParam } from './filters';
import { PageHead } from './PageHead';
import s from './pages.module.css';

const CATEGORIES = ['SPORTS', 'ESPORTS', 'LIVE', 'LOTT', 'ELOTT', 'FISH', 'PVP', 'RNG', 'BGS', 'COCKFIGHT', 'INHOUSE'];

export default function TeamBettingPage() {
  const { t } = useTranslation(['agent', 'common', 'games'], { useSuspense: true });
  const { range, today, setRange } = usePeriod(REPORT_MAX_DAYS);
  const [pageNo, setPage] = usePageParam();
  const [username] = useParam('username');
  const [gameType] = useParam('gameType');
  const [status] = useParam('status');
  const filter = { ...range, username, gameType, status, pageNo };
  const q = useQuery(betsQuery(filter));
  const d = q.data;
  const dec = d?.decimals ?? 2;
  const money = (v: number, signed?: boolean) => <Amount value={v} decimals={dec} signed={signed} />;
  return (
    <>
      <PageHead
        icon={<ScrollText size={22} />}
        title={t('agent:menu.personalHistoryCopy')}
        lead={t('agent:bets.lead')}
        actions={<CsvButton run={() => downloadReportCsv('/wps/agent/report/bets', betsParams(filter), `team-bets_${range.from}_${range.to}.csv`)} />}
      />
      <Filters label={t('agent:report.filters')} range={range} today={today} onRange={setRange}>
        <UsernameFilter id="agent-bets-user" />
        <SelectParam id="agent-bets-type" name="gameType" label={t('agent:bets.category')} options={[{ value: '', label: t('agent:report.all') }, ...CATEGORIES.map((c) => ({ value: c, label: t(`agent:categories.${c}`) }))]} />
        <SelectParam id="agent-bets-status" name="status" label={t('agent:bets.status')} options={[{ value: '', label: t('agent:report.all') }, ...BET_STATUSES.map((c) => ({ value: c, label: t(`agent:bets.statuses.${c}`) }))]} />
      </Filters>
      <PeriodNote from={d?.from} to={d?.to} timezone={d?.timezone} />
      <ReportTable<TeamBet>
        caption={t('agent:menu.personalHistoryCopy')}
        testId="agent-bets-table"
        rows={d?.list}
        rowKey={(r) => r.id}
        loading={q.isPending}
        busy={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('agent:report.empty')}
        page={pageNo}
        totalPages={d ? totalPagesOf(d.total, d.pageSize) : 1}
        onPage={setPage}
        cols={[
          { key: 'time', header: t('agent:report.time'), cell: (r) => formatDateTime(r.startedAt) },
          { key: 'user', header: t('agent:report.username'), cell: (r) => r.username },
          { key: 'game', header: t('agent:bets.game'), cell: (r) => `${r.gameName || r.gameCode} · ${r.vendor}` },
          { key: 'cat', header: t('agent:bets.category'), cell: (r) => t(`agent:categories.${r.gameType}`, { defaultValue: r.gameType }) },
          { key: 'bet', header: t('agent:bets.bet'), end: true, cell: (r) => money(r.bet) },
          { key: 'valid', header: t('agent:bets.validBet'), end: true, cell: (r) => money(r.validBet) },
          { key: 'win', header: t('agent:bets.win'), end: true, cell: (r) => money(r.win) },
          { key: 'profit', header: t('agent:loss.cols.profit'), end: true, cell: (r) => money(r.profit, true) },
          { key: 'status', header: t('agent:bets.status'), cell: (r) => t(`agent:bets.statuses.${r.status}`, { defaultValue: r.status }) },
        ]}
        foot={
          d && (
            <tr>
              <td colSpan={4}>{t('agent:report.sumsRounds', { count: d.sums.rounds })}</td>
              <td className={s.end}>{money(d.sums.bet)}</td>
              <td className={s.end}>{money(d.sums.validBet)}</td>
              <td className={s.end}>{money(d.sums.win)}</td>
              <td className={s.end}>{money(d.sums.profit, true)}</td>
              <td />
            </tr>
          )
        }
      />
    </>
  );
}
