// The bonus cost per promotion for a period (the brand's days): what each
// promotion issued, what was claimed, its bonuses converted and forfeited,
// and the real money it cost (cash paid + bonus converted), the same money
// the dashboard's bonus cost counts.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, DateRangePicker, EmptyState, Spinner, isRangeValid, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { dayString } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { promotionCostsQuery, type PromotionCost } from '../api/promotions';
import { NS } from './PromotionForm';
import s from './Promotions.module.css';

// The server reads the days in the brand's zone, which may be ahead of the
// operator's: ranges that end "today" end tomorrow in the operator's zone.
export function PromotionCosts() {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState({ from: dayString(29), to: dayString(-1) });
  const [range, setRange] = useState(draft);
  const valid = isRangeValid(draft) && !!draft.from && !!draft.to;
  return (
    <section aria-labelledby="promo-costs" className={s.section}>
      <h2 id="promo-costs" className={s.sectionTitle}>
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
          labels={{ legend: t('costs.period'), from: t('costs.from'), to: t('costs.to'), invalid: t('costs.invalid') }}
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
  const { t, i18n } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(promotionCostsQuery(from, to));
  if (q.isPending) return <Spinner label={t('loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const c = q.data;
  const money = (v: number) => <span className={s.money}>{formatMinor(v, c.decimals)}</span>;
  const countAmount = (n: number, v: number) => (
    <span>
      {money(v)} <span className={s.muted}>({n})</span>
    </span>
  );
  const title = (r: PromotionCost) => (i18n.language === 'TY' && r.titleTY ? r.titleTY : r.titleEN);
  const columns: Column<PromotionCost>[] = [
    { key: 'promotion', header: t('list.promotion'), cell: (r) => <strong>{title(r)}</strong>, sortValue: (r) => title(r) },
    { key: 'type', header: t('list.type'), cell: (r) => t(`type.${r.type}`), sortValue: (r) => r.type },
    { key: 'issued', header: t('costs.issued'), cell: (r) => countAmount(r.issued, r.issuedAmount), sortValue: (r) => r.issuedAmount, align: 'end' },
    { key: 'claimed', header: t('costs.claimed'), cell: (r) => countAmount(r.claimed, r.claimedAmount), sortValue: (r) => r.claimedAmount, align: 'end' },
    { key: 'cash', header: t('costs.claimedCash'), cell: (r) => money(r.claimedCash), sortValue: (r) => r.claimedCash, align: 'end' },
    { key: 'converted', header: t('costs.converted'), cell: (r) => money(r.converted), sortValue: (r) => r.converted, align: 'end' },
    { key: 'forfeited', header: t('costs.forfeited'), cell: (r) => money(r.forfeited), sortValue: (r) => r.forfeited, align: 'end' },
    { key: 'cost', header: t('costs.cost'), cell: (r) => <strong>{money(r.cost)}</strong>, sortValue: (r) => r.cost, align: 'end' },
  ];
  return (
    <div data-testid="promo-costs">
      <dl className={s.totals}>
        <div>
          <dt>{t('costs.cost')}</dt>
          <dd>
            {money(c.total.cost)} {c.currency}
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
      </dl>
      <DataTable
        caption={t('costs.caption', { from: c.from, to: c.to })}
        columns={columns}
        rows={c.rows}
        rowKey={(r) => String(r.promotionId)}
        labels={tableLabels(tc)}
        empty={<EmptyState compact title={t('list.empty')} />}
      />
      <p className={s.note}>{t('costs.note')}</p>
      <p className={s.note}>{t('costs.definitions', { timezone: c.timezone, currency: c.currency })}</p>
    </div>
  );
}
