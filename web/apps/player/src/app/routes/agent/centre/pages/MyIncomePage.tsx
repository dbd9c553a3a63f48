// Agent centre: my income (spec agentRevenueReport; GET
// /wps/agent/commission/income): per contract what the agent earned, was
// paid and still has pending, and what it paid its own downlines.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Wallet } from 'lucide-react';
import { ErrorState, Skeleton } from '@/components/ui';
import { incomeQuery, type IncomeLine } from '@/features/agent/api/commission';
import { Amount, Filters, PeriodNote, ReportTable, usePeriod } from './kit';
import { PageHead } from './PageHead';
import s from './pages.module.css';

/** The server takes up to 366 days of bill periods. */
const INCOME_MAX_DAYS = 366;

export default function MyIncomePage() {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const { range, today, setRange } = usePeriod(INCOME_MAX_DAYS);
  const q = useQuery(incomeQuery(range));
  const d = q.data;
  // Commission amounts are in the brand currency's minor units (2 decimals in every brand currency today).
  const money = (v: number) => <Amount value={v} decimals={2} />;
  return (
    <>
      <PageHead icon={<Wallet size={22} />} title={t('agent:menu.agentRevenueReport')} lead={t('agent:income.lead')} />
      <Filters label={t('agent:report.filters')} range={range} today={today} onRange={setRange} />
      <PeriodNote from={range.from} to={range.to} />
      {q.isPending ? (
        <Skeleton height={120} radius="card" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <dl className={s.stats} data-testid="agent-income-totals">
          {(['earned', 'paid', 'pending', 'paidOut'] as const).map((k) => (
            <div key={k} className={s.stat}>
              <dt>{t(`agent:income.${k}`)}</dt>
              <dd>{money(d!.totals[k])}</dd>
            </div>
          ))}
        </dl>
      )}
      <ReportTable<IncomeLine>
        caption={t('agent:income.byContract')}
        testId="agent-income-table"
        rows={d?.list}
        rowKey={(r) => r.contractId}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('agent:income.empty')}
        cols={[
          { key: 'type', header: t('agent:contracts.type'), cell: (r) => t(`agent:contracts.types.${r.type}`) },
          { key: 'from', header: t('agent:contracts.from'), cell: (r) => r.uplineAccount || t('agent:contracts.platform') },
          { key: 'earned', header: t('agent:income.earned'), end: true, cell: (r) => money(r.earned) },
          { key: 'paid', header: t('agent:income.paid'), end: true, cell: (r) => money(r.paid) },
          { key: 'pending', header: t('agent:income.pending'), end: true, cell: (r) => money(r.pending) },
        ]}
      />
    </>
  );
}
