// Agent centre: account details (spec agentDownlineTransactionDetailsCopy;
// GET /wps/agent/report/transactions): the team's account records (member,
// type), money in and out for the period, and a CSV of the same filter.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReceiptText } from 'lucide-react';
import { REPORT_MAX_DAYS, TEAM_TRANSACTION_TYPES, downloadReportCsv, teamTransactionsQuery, transactionsParams, type TeamTransaction } from '@/features/agent/api/reports';
import { formatDateTime } from '@/lib/format';
import { Amount, CsvButton, Filters, PeriodNote, ReportTable, totalPagesOf, usePageParam, usePeriod } from './kit';
import { SelectParam, UsernameFilter, useParam } from './filters';
import { PageHead } from './PageHead';
import s from './pages.module.css';

export default function AccountDetailsPage() {
  const { t } = useTranslation(['agent', 'common', 'wallet'], { useSuspense: true });
  const { range, today, setRange } = usePeriod(REPORT_MAX_DAYS);
  const [pageNo, setPage] = usePageParam();
  const [username] = useParam('username');
  const [type] = useParam('type');
  const filter = { ...range, username, type, pageNo };
  const q = useQuery(teamTransactionsQuery(filter));
  const d = q.data;
  const dec = d?.decimals ?? 2;
  const money = (v: number, signed?: boolean) => <Amount value={v} decimals={dec} signed={signed} />;
  const typeLabel = (ty: string) => t(`wallet:record.types.${ty}`, { defaultValue: ty });
  return (
    <>
      <PageHead
        icon={<ReceiptText size={22} />}
        title={t('agent:menu.agentDownlineTransactionDetailsCopy')}
        lead={t('agent:details.lead')}
        actions={<CsvButton run={() => downloadReportCsv('/wps/agent/report/transactions', transactionsParams(filter), `team-account-details_${range.from}_${range.to}.csv`)} />}
      />
      <Filters label={t('agent:report.filters')} range={range} today={today} onRange={setRange}>
        <UsernameFilter id="agent-details-user" />
        <SelectParam id="agent-details-type" name="type" label={t('agent:details.type')} options={[{ value: '', label: t('agent:report.all') }, ...TEAM_TRANSACTION_TYPES.map((c) => ({ value: c, label: typeLabel(c) }))]} />
      </Filters>
      <PeriodNote from={d?.from} to={d?.to} timezone={d?.timezone} />
      <ReportTable<TeamTransaction>
        caption={t('agent:menu.agentDownlineTransactionDetailsCopy')}
        testId="agent-details-table"
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
          { key: 'time', header: t('agent:report.time'), cell: (r) => formatDateTime(r.time) },
          { key: 'user', header: t('agent:report.username'), cell: (r) => r.username },
          // A commission is filed under "bonus" (the record's filter); here it is named for what it is.
          { key: 'type', header: t('agent:details.type'), cell: (r) => (r.kind === 'commission' ? t('wallet:record.kinds.commission') : typeLabel(r.type)) },
          { key: 'amount', header: t('agent:details.amount'), end: true, cell: (r) => money(r.amount, true) },
          { key: 'after', header: t('agent:details.balanceAfter'), end: true, cell: (r) => money(r.balanceAfter) },
          { key: 'ref', header: t('agent:details.reference'), cell: (r) => r.reference || '—' },
          { key: 'remark', header: t('agent:details.remark'), cell: (r) => r.remark || '—' },
        ]}
        foot={
          d && (
            <tr>
              <td colSpan={3}>{t('agent:details.sums')}</td>
              <td className={s.end} colSpan={2}>
                <Amount value={d.sums.in} decimals={dec} signed /> / <Amount value={-Math.abs(d.sums.out)} decimals={dec} signed />
              </td>
              <td colSpan={2} />
            </tr>
          )
        }
      />
    </>
  );
}
