// Agent centre: user loss (spec palStatementsAgentCopy; GET
// /wps/agent/report/loss): P&L per line under the agent (a member, or a
// downline agent with its whole team), sortable, with drill-down into a
// downline agent's lines, the period's sums and a CSV of the same filter.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TrendingDown } from 'lucide-react';
import { REPORT_MAX_DAYS, downloadReportCsv, lossParams, lossQuery, type LossLine, type LossSort } from '@/features/agent/api/reports';
import { Amount, CsvButton, Filters, PeriodNote, ReportTable, totalPagesOf, usePageParam, usePeriod } from './kit';
import { PageHead } from './PageHead';
import s from './pages.module.css';

const SORTS: LossSort[] = ['profit', 'validBets', 'bets', 'wins', 'deposits', 'withdrawals'];

export default function UserLossPage() {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const { range, today, setRange } = usePeriod(REPORT_MAX_DAYS);
  const [params, setParams] = useSearchParams();
  const [pageNo, setPage] = usePageParam();
  const parent = Number(params.get('parent')) || undefined;
  const sort = (SORTS as string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as LossSort) : 'profit';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const filter = { ...range, parent, sort, order, pageNo } as const;
  const q = useQuery(lossQuery(filter));
  const d = q.data;
  const dec = d?.decimals ?? 2;
  const money = (v: number, signed?: boolean) => <Amount value={v} decimals={dec} signed={signed} />;
  const set = (k: string, v?: string) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (v) n.set(k, v);
      else n.delete(k);
      n.delete('page');
      return n;
    });
  return (
    <>
      <PageHead
        icon={<TrendingDown size={22} />}
        title={t('agent:menu.palStatementsAgentCopy')}
        lead={t('agent:loss.lead')}
        actions={<CsvButton run={() => downloadReportCsv('/wps/agent/report/loss', lossParams(filter), `user-loss_${range.from}_${range.to}.csv`)} />}
      />
      <Filters label={t('agent:report.filters')} range={range} today={today} onRange={setRange}>
        <div className={s.field}>
          <label htmlFor="agent-loss-sort">{t('agent:report.sortBy')}</label>
          <select id="agent-loss-sort" className="input" value={sort} onChange={(e) => set('sort', e.target.value === 'profit' ? undefined : e.target.value)}>
            {SORTS.map((k) => (
              <option key={k} value={k}>
                {t(`agent:loss.cols.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label htmlFor="agent-loss-order">{t('agent:report.order')}</label>
          <select id="agent-loss-order" className="input" value={order} onChange={(e) => set('order', e.target.value === 'asc' ? undefined : e.target.value)}>
            <option value="asc">{t('agent:report.asc')}</option>
            <option value="desc">{t('agent:report.desc')}</option>
          </select>
        </div>
        {parent && (
          <button type="button" className={s.linkButton} onClick={() => set('parent')}>
            {t('agent:loss.backToMine')}
          </button>
        )}
      </Filters>
      <PeriodNote from={d?.from} to={d?.to} timezone={d?.timezone} />
      <ReportTable<LossLine>
        caption={t('agent:menu.palStatementsAgentCopy')}
        testId="agent-loss-table"
        rows={d?.list}
        rowKey={(r) => r.memberId}
        loading={q.isPending}
        busy={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('agent:report.empty')}
        page={pageNo}
        totalPages={d ? totalPagesOf(d.total, d.pageSize) : 1}
        onPage={setPage}
        cols={[
          {
            key: 'user',
            header: t('agent:report.username'),
            cell: (r) =>
              r.isAgent && r.teamSize > 0 ? (
                <button type="button" className={s.linkButton} onClick={() => set('parent', String(r.memberId))} aria-label={t('agent:loss.openLinesOf', { account: r.username })}>
                  {r.username}
                </button>
              ) : (
                r.username
              ),
          },
          { key: 'type', header: t('agent:team.type'), cell: (r) => <span className={[s.tag, r.isAgent ? s.tagAgent : ''].join(' ')}>{r.isAgent ? t('agent:loss.agentTeam', { count: r.teamSize }) : t('agent:register.kinds.MEMBER')}</span> },
          { key: 'bets', header: t('agent:loss.cols.bets'), end: true, cell: (r) => money(r.bets) },
          { key: 'validBets', header: t('agent:loss.cols.validBets'), end: true, cell: (r) => money(r.validBets) },
          { key: 'wins', header: t('agent:loss.cols.wins'), end: true, cell: (r) => money(r.wins) },
          { key: 'profit', header: t('agent:loss.cols.profit'), end: true, cell: (r) => money(r.profit, true) },
          { key: 'deposits', header: t('agent:loss.cols.deposits'), end: true, cell: (r) => money(r.deposits) },
          { key: 'withdrawals', header: t('agent:loss.cols.withdrawals'), end: true, cell: (r) => money(r.withdrawals) },
        ]}
        foot={
          d && (
            <tr>
              <td colSpan={2}>{t('agent:report.sums')}</td>
              <td className={s.end}>{money(d.sums.bets)}</td>
              <td className={s.end}>{money(d.sums.validBets)}</td>
              <td className={s.end}>{money(d.sums.wins)}</td>
              <td className={s.end}>{money(d.sums.profit, true)}</td>
              <td className={s.end}>{money(d.sums.deposits)}</td>
              <td className={s.end}>{money(d.sums.withdrawals)}</td>
            </tr>
          )
        }
      />
    </>
  );
}
