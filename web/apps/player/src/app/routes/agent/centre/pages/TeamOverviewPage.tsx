// Agent centre: team overview (spec agentTeamOverview; GET
// /wps/agent/report/overview): team size, new, active and first-deposit
// members, deposits, withdrawals, bets, wins and the team's P&L for a period
// of brand days, with a line per day.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarChart3 } from 'lucide-react';
import { ErrorState, Skeleton } from '@/components/ui';
import { REPORT_MAX_DAYS, overviewQuery, type OverviewDay } from '@/features/agent/api/reports';
import { Amount, Filters, PeriodNote, ReportTable, usePeriod } from './kit';
import { PageHead } from './PageHead';
import s from './pages.module.css';

export default function TeamOverviewPage() {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const { range, today, setRange } = usePeriod(REPORT_MAX_DAYS);
  const q = useQuery(overviewQuery(range));
  const d = q.data;
  const dec = d?.decimals ?? 2;
  const money = (v: number, signed?: boolean) => <Amount value={v} decimals={dec} signed={signed} />;
  return (
    <>
      <PageHead icon={<BarChart3 size={22} />} title={t('agent:menu.agentTeamOverview')} lead={t('agent:overview.lead')} />
      <Filters label={t('agent:report.filters')} range={range} today={today} onRange={setRange} />
      {q.isPending ? (
        <Skeleton height={220} radius="card" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <PeriodNote from={d!.from} to={d!.to} timezone={d!.timezone} />
          <dl className={s.stats} data-testid="agent-overview-stats" aria-busy={q.isFetching || undefined}>
            <Stat label={t('agent:overview.teamSize')} value={d!.teamSize} sub={t('agent:overview.direct', { count: d!.directSize })} />
            <Stat label={t('agent:overview.newMembers')} value={d!.newMembers} />
            <Stat label={t('agent:overview.activeMembers')} value={d!.activeMembers} />
            <Stat label={t('agent:overview.firstDepositors')} value={d!.firstDepositors} sub={money(d!.firstDepositAmount)} />
            <Stat label={t('agent:overview.deposits')} value={money(d!.deposits)} sub={t('agent:overview.count', { count: d!.depositCount })} />
            <Stat label={t('agent:overview.withdrawals')} value={money(d!.withdrawals)} sub={t('agent:overview.count', { count: d!.withdrawalCount })} />
            <Stat label={t('agent:overview.validBets')} value={money(d!.validBets)} sub={t('agent:overview.rounds', { count: d!.rounds })} />
            <Stat label={t('agent:overview.wins')} value={money(d!.wins)} />
            <Stat label={t('agent:overview.profit')} value={money(d!.profit, true)} sub={t('agent:overview.profitNote')} />
            <Stat label={t('agent:overview.currency')} value={d!.currency} />
          </dl>
          <ReportTable<OverviewDay>
            caption={t('agent:overview.byDay')}
            testId="agent-overview-days"
            rows={[...d!.days].reverse()}
            rowKey={(r) => r.day}
            loading={false}
            error={null}
            onRetry={() => void q.refetch()}
            empty={t('agent:report.empty')}
            cols={[
              { key: 'day', header: t('agent:report.day'), cell: (r) => r.day },
              { key: 'new', header: t('agent:overview.newMembers'), end: true, cell: (r) => r.newMembers },
              { key: 'active', header: t('agent:overview.activeMembers'), end: true, cell: (r) => r.activeMembers },
              { key: 'fd', header: t('agent:overview.firstDepositors'), end: true, cell: (r) => r.firstDepositors },
              { key: 'dep', header: t('agent:overview.deposits'), end: true, cell: (r) => money(r.deposits) },
              { key: 'wd', header: t('agent:overview.withdrawals'), end: true, cell: (r) => money(r.withdrawals) },
              { key: 'vb', header: t('agent:overview.validBets'), end: true, cell: (r) => money(r.validBets) },
              { key: 'win', header: t('agent:overview.wins'), end: true, cell: (r) => money(r.wins) },
              { key: 'pl', header: t('agent:overview.profit'), end: true, cell: (r) => money(r.profit, true) },
            ]}
          />
        </>
      )}
    </>
  );
}

function Stat({ label, value, sub }: { label: string; value: React.ReactNode; sub?: React.ReactNode }) {
  return (
    <div className={s.stat}>
      <dt>{label}</dt>
      <dd>{value}</dd>
      {/* A dl's groups hold only dt and dd: the note is a dd of its own. */}
      {sub !== undefined && (
        <dd className={s.statSub}>
          <small>{sub}</small>
        </dd>
      )}
    </div>
  );
}
