// Agent centre: the bill lists of one contract type (spec
// agentDividendRecordCopy2, agentDailyWages2, agentHourSalary,
// agentRealtimeSalary; GET /wps/agent/commission/bills): bills paid to the
// agent or owed by it to its direct downlines, with the inputs each was
// computed from, its status, pages and sums.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Clock4, Gift, Zap } from 'lucide-react';
import { billsQuery, type Bill, type BillStatus, type ContractType } from '@/features/agent/api/commission';
import { formatDateTime } from '@/lib/format';
import { Amount, Filters, ReportTable, totalPagesOf, usePageParam, usePeriod } from './kit';
import { SelectParam, useParam } from './filters';
import { PageHead } from './PageHead';
import s from './pages.module.css';

const STATUSES: BillStatus[] = ['paid', 'partly_paid', 'insufficient_funds', 'not_reached', 'awaiting_approval', 'rejected', 'expired'];
const META = {
  dividend: { key: 'agentDividendRecordCopy2', icon: Gift },
  daily_wage: { key: 'agentDailyWages2', icon: CalendarDays },
  hourly_wage: { key: 'agentHourSalary', icon: Clock4 },
  realtime: { key: 'agentRealtimeSalary', icon: Zap },
} as const;

export function BillsPage({ type }: { type: ContractType }) {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const { range, today, setRange } = usePeriod(366);
  const [page, setPage] = usePageParam();
  const [sideParam] = useParam('side');
  const [statusParam] = useParam('status');
  const side = sideParam === 'paid' ? 'paid' : 'earned';
  const status = (STATUSES as string[]).includes(statusParam) ? (statusParam as BillStatus) : undefined;
  const q = useQuery(billsQuery({ side, type, status, from: range.from, to: range.to, page }));
  const d = q.data;
  const money = (v: number) => <Amount value={v} decimals={2} />;
  const Icon = META[type].icon;
  const isWage = type !== 'dividend';
  return (
    <>
      <PageHead icon={<Icon size={22} />} title={t(`agent:menu.${META[type].key}`)} lead={t(`agent:bills.lead.${type}`)} />
      <Filters label={t('agent:report.filters')} range={range} today={today} onRange={setRange}>
        <SelectParam
          id="agent-bills-side"
          name="side"
          label={t('agent:bills.side')}
          options={[
            { value: '', label: t('agent:bills.sides.earned') },
            { value: 'paid', label: t('agent:bills.sides.paid') },
          ]}
        />
        <SelectParam id="agent-bills-status" name="status" label={t('agent:bills.status')} options={[{ value: '', label: t('agent:report.all') }, ...STATUSES.map((v) => ({ value: v, label: t(`agent:bills.statuses.${v}`) }))]} />
      </Filters>
      <ReportTable<Bill>
        caption={t(`agent:menu.${META[type].key}`)}
        testId="agent-bills-table"
        rows={d?.list}
        rowKey={(r) => r.id}
        loading={q.isPending}
        busy={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('agent:bills.empty')}
        page={page}
        totalPages={d ? totalPagesOf(d.total, d.pageSize) : 1}
        onPage={setPage}
        cols={[
          { key: 'period', header: t('agent:bills.period'), cell: (r) => periodText(type, r) },
          { key: 'party', header: side === 'earned' ? t('agent:bills.payer') : t('agent:bills.payee'), cell: (r) => (side === 'earned' ? r.payerAccount || t('agent:contracts.platform') : r.payeeAccount) },
          { key: 'validBets', header: t('agent:loss.cols.validBets'), end: true, cell: (r) => money(r.inputs.validBets) },
          ...(type === 'dividend' ? [{ key: 'netLoss', header: t('agent:bills.netLoss'), end: true, cell: (r: Bill) => money(r.inputs.netLoss) }] : []),
          ...(type !== 'realtime' ? [{ key: 'active', header: t('agent:overview.activeMembers'), end: true, cell: (r: Bill) => r.inputs.activeMembers }] : []),
          {
            key: 'rate',
            header: t('agent:bills.rate'),
            end: true,
            cell: (r) => (type === 'realtime' ? `${pct(r.inputs.winRate)} / ${pct(r.inputs.lossRate)} / ${pct(r.inputs.betRate)}` : r.inputs.tier ? `${t('agent:bills.tierN', { n: r.inputs.tier })} · ${pct(r.inputs.rate)}` : '—'),
          },
          { key: 'amount', header: t('agent:bills.amount'), end: true, cell: (r) => money(r.amount) },
          { key: 'paid', header: t('agent:bills.paid'), end: true, cell: (r) => money(r.paid) },
          { key: 'status', header: t('agent:bills.status'), cell: (r) => <span className={[s.tag, r.status === 'paid' ? s.tagAgent : r.status === 'insufficient_funds' || r.status === 'rejected' ? s.tagOff : ''].join(' ')}>{t(`agent:bills.statuses.${r.status}`)}</span> },
        ]}
        foot={
          d && (
            <tr>
              <td colSpan={isWage ? (type === 'realtime' ? 4 : 5) : 6}>{t('agent:report.sums')}</td>
              <td className={s.end}>{money(d.sums.amount)}</td>
              <td className={s.end}>{money(d.sums.paid)}</td>
              <td />
            </tr>
          )
        }
      />
    </>
  );
}

/** Basis points as a percentage: 2500 -> "25%", 15 -> "0.15%". */
export function pct(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(Math.abs(bp % 100)).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${frac ? '.' + frac : ''}%`;
}

/** A bill's period [start, end): days for dividends and daily wages, times for hourly and real-time bills. */
export function periodText(type: ContractType, b: Pick<Bill, 'periodStart' | 'periodEnd'>): string {
  if (type === 'dividend' || type === 'daily_wage') {
    const first = formatDateTime(b.periodStart).slice(0, 10);
    const last = formatDateTime(b.periodEnd - 1).slice(0, 10);
    return first === last ? first : `${first} – ${last}`;
  }
  return `${formatDateTime(b.periodStart).slice(0, 16)} – ${formatDateTime(b.periodEnd).slice(11, 16)}`;
}
