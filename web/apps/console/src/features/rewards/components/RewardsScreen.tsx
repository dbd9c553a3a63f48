// The "Rewards" screen: what rewards and bonuses cost per source for a
// period (the brand's days), and the brand's welcome and rebate terms.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, DateRangePicker, EmptyState, Spinner, isRangeValid, type Column } from '@palaro/ui';
import { dayString } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryError } from '@/components/ui/QueryError';
import { costsQuery, type Cost, type Costs as CostsAnswer } from '../api/rewards';
import { Money, NS } from './shared';
import { Terms } from './Terms';
import s from './Rewards.module.css';

export function RewardsScreen({ canEditTerms }: { canEditTerms: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <PageHeader title={t('screen.title')} intro={t('screen.intro')} />
      <CostReport />
      <section className={s.section} aria-labelledby="rw-terms">
        <h2 id="rw-terms" className={s.sectionTitle}>
          {t('termsForm.title')}
        </h2>
        <p className={s.note}>{canEditTerms ? t('termsForm.intro') : t('termsForm.readOnly')}</p>
        <Terms canWrite={canEditTerms} />
      </section>
    </>
  );
}

// The server reads the days in the brand's zone, which may be ahead of the
// operator's: ranges that end "today" end tomorrow in the operator's zone, so
// the brand's today stays in them.
function CostReport() {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState({ from: dayString(29), to: dayString(-1) });
  const [range, setRange] = useState(draft);
  const valid = isRangeValid(draft) && !!draft.from && !!draft.to;
  return (
    <section aria-labelledby="rw-costs">
      <h2 id="rw-costs" className={s.sectionTitle}>
        {t('costs.title')}
      </h2>
      <form
        className={s.filters}
        aria-label={t('costs.filters')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setRange(draft);
        }}
      >
        <DateRangePicker
          value={draft}
          onChange={setDraft}
          labels={{ legend: t('costs.period'), from: t('costs.from'), to: t('costs.to'), invalid: t('v.range') }}
          presets={[
            { label: t('costs.today'), range: { from: dayString(), to: dayString() } },
            { label: t('costs.last7'), range: { from: dayString(6), to: dayString(-1) } },
            { label: t('costs.last30'), range: { from: dayString(29), to: dayString(-1) } },
          ]}
        />
        <Button type="submit" size="md" disabled={!valid}>
          {t('costs.apply')}
        </Button>
      </form>
      <CostTable from={range.from} to={range.to} />
    </section>
  );
}

function CostTable({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(costsQuery(from, to));
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const c: CostsAnswer = q.data;
  const money = (v: number) => <Money minor={v} decimals={c.decimals} />;
  const countAmount = (n: number, v: number) => (
    <span>
      {money(v)} <span className={s.muted}>({n})</span>
    </span>
  );
  const columns: Column<Cost>[] = [
    { key: 'source', header: t('col.source'), cell: (r) => t(`source.${r.source}`, { defaultValue: r.source }), sortValue: (r) => r.source },
    { key: 'issued', header: t('costs.issued'), cell: (r) => countAmount(r.issued, r.issuedAmount), sortValue: (r) => r.issuedAmount, align: 'end' },
    { key: 'claimed', header: t('costs.claimed'), cell: (r) => countAmount(r.claimed, r.claimedAmount), sortValue: (r) => r.claimedAmount, align: 'end' },
    { key: 'cash', header: t('costs.claimedCash'), cell: (r) => money(r.claimedCash), sortValue: (r) => r.claimedCash, align: 'end' },
    { key: 'granted', header: t('costs.granted'), cell: (r) => countAmount(r.granted, r.grantedAmount), sortValue: (r) => r.grantedAmount, align: 'end' },
    { key: 'converted', header: t('costs.converted'), cell: (r) => money(r.converted), sortValue: (r) => r.converted, align: 'end' },
    { key: 'forfeited', header: t('costs.forfeited'), cell: (r) => money(r.forfeited), sortValue: (r) => r.forfeited, align: 'end' },
    { key: 'cost', header: t('costs.cost'), cell: (r) => <strong>{money(r.cost)}</strong>, sortValue: (r) => r.cost, align: 'end' },
  ];
  return (
    <div data-testid="reward-costs">
      <dl className={s.totals}>
        <div>
          <dt>{t('costs.cost')}</dt>
          <dd>
            <Money minor={c.total.cost} decimals={c.decimals} currency={c.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('costs.claimedCash')}</dt>
          <dd>{money(c.total.claimedCash)}</dd>
        </div>
        <div>
          <dt>{t('costs.converted')}</dt>
          <dd>{money(c.total.converted)}</dd>
        </div>
        <div>
          <dt>{t('costs.forfeited')}</dt>
          <dd>{money(c.total.forfeited)}</dd>
        </div>
        <div>
          <dt>{t('costs.issued')}</dt>
          <dd>{money(c.total.issuedAmount)}</dd>
        </div>
      </dl>
      <DataTable caption={t('costs.caption', { from: c.from, to: c.to })} columns={columns} rows={c.rows} rowKey={(r) => r.source} labels={tableLabels(tc)} empty={<EmptyState compact title={t('costs.none')} />} />
      <p className={s.note}>{t('costs.definitions', { timezone: c.timezone, currency: c.currency })}</p>
    </div>
  );
}
