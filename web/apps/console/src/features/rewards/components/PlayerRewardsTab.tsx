// The player page's "Bonus & rewards" tab: the live bonus (amount, balance,
// wagering progress, maximum bet, expiry) with the operator's forfeit, the
// ended grants, every reward issued to the player, and issuing one.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, EmptyState, Spinner, useToast, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { forfeitBonus, PAGE_SIZE, playerRewardsKey, playerRewardsQuery, playerVipQuery, type Grant, type PlayerRewards, type Reward } from '../api/rewards';
import { IssueDialog } from './IssueDialog';
import { Money, NS, ReasonDialog, StatusBadge } from './shared';
import s from './Rewards.module.css';

export type PlayerRewardsTabProps = { id: number; canWrite: boolean };

export function PlayerRewardsTab({ id, canWrite }: PlayerRewardsTabProps) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const qc = useQueryClient();
  const q = useQuery(playerRewardsQuery(id, page));
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const d = q.data;
  const refresh = () => qc.invalidateQueries({ queryKey: playerRewardsKey(id) });
  return (
    <div className={s.tab}>
      <VipStanding id={id} d={d} />
      <LiveBonus id={id} d={d} canWrite={canWrite} onDone={refresh} />
      <section aria-labelledby="rw-rewards" className={s.stack}>
        <div className={s.head}>
          <h3 id="rw-rewards" className={s.sectionTitle}>
            {t('player.rewards', { total: d.rewards.total })} {d.waiting > 0 && <span className={[s.badge, s.waiting].join(' ')}>{t('player.waiting', { n: d.waiting })}</span>}
          </h3>
          {canWrite && <Button onClick={() => setIssuing(true)}>{t('issue.open')}</Button>}
        </div>
        <RewardTable d={d} page={page} setPage={setPage} />
      </section>
      <GrantHistory d={d} />
      {canWrite && <IssueDialog open={issuing} memberId={id} currency={d.currency} decimals={d.decimals} onClose={() => setIssuing(false)} onDone={refresh} />}
    </div>
  );
}

/** The player's VIP level and what counted towards it (nothing when the brand runs no club). */
function VipStanding({ id, d }: { id: number; d: PlayerRewards }) {
  const { t } = useTranslation(NS);
  const q = useQuery(playerVipQuery(id));
  if (!q.data || !q.data.enabled) return null;
  const v = q.data;
  return (
    <section className={s.card} aria-labelledby="rw-vip" data-testid="player-vip">
      <div className={s.cardHead}>
        <h3 id="rw-vip" className={s.cardTitle}>
          {t('vip.title')}
        </h3>
      </div>
      <dl className={s.bonusGrid}>
        <div>
          <dt>{t('vip.level')}</dt>
          <dd>{t('vip.levelValue', { name: v.name, level: v.level })}</dd>
        </div>
        <div>
          <dt>{t('vip.validBets')}</dt>
          <dd>
            <Money minor={v.validBets} decimals={d.decimals} currency={d.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('vip.deposits')}</dt>
          <dd>
            <Money minor={v.deposits} decimals={d.decimals} currency={d.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('vip.since')}</dt>
          <dd>{v.levelSince > 0 ? formatDateTime(v.levelSince) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

function LiveBonus({ id, d, canWrite, onDone }: { id: number; d: PlayerRewards; canWrite: boolean; onDone: () => unknown }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const g = d.active;
  const money = (v: number) => <Money minor={v} decimals={d.decimals} currency={d.currency} />;
  return (
    <section className={s.card} aria-labelledby="rw-live" data-testid="live-bonus">
      <div className={s.cardHead}>
        <h3 id="rw-live" className={s.cardTitle}>
          {t('live.title')}
        </h3>
        {g && canWrite && (
          <Button variant="danger" size="sm" onClick={() => setAsking(true)}>
            {t('live.forfeit')}
          </Button>
        )}
      </div>
      {!g ? (
        <p className={s.none}>{t('live.none')}</p>
      ) : (
        <>
          <dl className={s.bonusGrid}>
            <div>
              <dt>{t('live.name')}</dt>
              <dd>
                {g.title || t(`source.${g.source}`, { defaultValue: g.source })} <StatusBadge status={g.status} />
              </dd>
            </div>
            <div>
              <dt>{t('live.amount')}</dt>
              <dd>{money(g.amount)}</dd>
            </div>
            <div>
              <dt>{t('live.balance')}</dt>
              <dd>{money(g.balance)}</dd>
            </div>
            <div>
              <dt>{t('live.maxBet')}</dt>
              <dd>{g.maxBet > 0 ? money(g.maxBet) : t('live.noLimit')}</dd>
            </div>
            <div>
              <dt>{t('live.maxConvert')}</dt>
              <dd>{g.maxConvert > 0 ? money(g.maxConvert) : t('live.noLimit')}</dd>
            </div>
            <div>
              <dt>{t('live.expires')}</dt>
              <dd>{formatDateTime(g.expiresAt)}</dd>
            </div>
          </dl>
          <Progress g={g} decimals={d.decimals} currency={d.currency} />
        </>
      )}
      <ReasonDialog
        open={asking}
        title={t('live.forfeitTitle')}
        description={g ? t('live.forfeitText', { balance: `${formatMinor(g.balance, d.decimals)} ${d.currency}` }) : undefined}
        confirm={t('live.forfeitConfirm')}
        danger
        onClose={() => setAsking(false)}
        onSubmit={async (reason) => {
          const res = await forfeitBonus(id, reason);
          setAsking(false);
          toast('success', t('live.forfeited', { amount: `${formatMinor(res.grant.forfeitedAmount, d.decimals)} ${d.currency}` }));
          await onDone();
        }}
      />
    </section>
  );
}

function Progress({ g, decimals, currency }: { g: Grant; decimals: number; currency: string }) {
  const { t } = useTranslation(NS);
  const pct = g.wagerRequired > 0 ? Math.min(100, Math.floor((g.wagered * 100) / g.wagerRequired)) : 100;
  return (
    <div className={s.progress}>
      <div className={s.progressLine}>
        <span id={`rw-progress-${g.id}`}>{t('live.progress')}</span>
        <span>
          <Money minor={g.wagered} decimals={decimals} /> / <Money minor={g.wagerRequired} decimals={decimals} currency={currency} /> ({pct}%)
        </span>
      </div>
      <progress className={s.bar} max={100} value={pct} aria-labelledby={`rw-progress-${g.id}`} />
    </div>
  );
}

function RewardTable({ d, page, setPage }: { d: PlayerRewards; page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const columns: Column<Reward>[] = [
    { key: 'issued', header: t('col.issued'), cell: (r) => formatDateTime(r.issuedAt), nowrap: true },
    {
      key: 'title',
      header: t('col.title'),
      cell: (r) => (
        <span>
          {r.titleEN}
          {r.titleTY && r.titleTY !== r.titleEN && <span className={s.muted}> · {r.titleTY}</span>}
        </span>
      ),
    },
    { key: 'source', header: t('col.source'), cell: (r) => t(`source.${r.source}`, { defaultValue: r.source }), nowrap: true },
    { key: 'kind', header: t('col.kind'), cell: (r) => t(`kind.${r.kind}`), nowrap: true },
    { key: 'amount', header: t('col.amount'), cell: (r) => <Money minor={r.amount} decimals={d.decimals} />, align: 'end', nowrap: true },
    {
      key: 'terms',
      header: t('col.terms'),
      cell: (r) => (r.kind === 'BONUS' ? <span className={s.muted}>{t('terms', { multiple: r.wagerMultiple, days: r.validDays })}</span> : '—'),
    },
    { key: 'status', header: t('col.status'), cell: (r) => <StatusBadge status={r.status} />, nowrap: true },
    { key: 'until', header: t('col.until'), cell: (r) => (r.claimedAt ? formatDateTime(r.claimedAt) : formatDateTime(r.expiresAt)), nowrap: true },
  ];
  return (
    <DataTable
      caption={t('player.rewardsCaption')}
      hideCaption
      columns={columns}
      rows={d.rewards.items}
      rowKey={(r) => r.id}
      labels={tableLabels(tc)}
      page={page}
      onPageChange={setPage}
      manual={{ totalPages: Math.max(1, Math.ceil(d.rewards.total / PAGE_SIZE)) }}
      empty={<EmptyState compact title={t('player.noRewards')} />}
    />
  );
}

function GrantHistory({ d }: { d: PlayerRewards }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const columns: Column<Grant>[] = [
    { key: 'created', header: t('col.granted'), cell: (g) => formatDateTime(g.createdAt), nowrap: true },
    { key: 'title', header: t('col.title'), cell: (g) => g.title || t(`source.${g.source}`, { defaultValue: g.source }) },
    { key: 'amount', header: t('col.amount'), cell: (g) => <Money minor={g.amount} decimals={d.decimals} />, align: 'end' },
    { key: 'wager', header: t('col.wagered'), cell: (g) => <Money minor={g.wagered} decimals={d.decimals} />, align: 'end' },
    { key: 'status', header: t('col.status'), cell: (g) => (
      <span>
        <StatusBadge status={g.status} /> {g.reason && <span className={s.muted}>{t(`endReason.${g.reason}`, { defaultValue: g.reason })}</span>}
      </span>
    ) },
    { key: 'converted', header: t('col.converted'), cell: (g) => <Money minor={g.convertedAmount} decimals={d.decimals} />, align: 'end' },
    { key: 'forfeited', header: t('col.forfeited'), cell: (g) => <Money minor={g.forfeitedAmount} decimals={d.decimals} />, align: 'end' },
    { key: 'ended', header: t('col.ended'), cell: (g) => formatDateTime(g.endedAt), nowrap: true },
  ];
  return (
    <section aria-labelledby="rw-history" className={s.stack}>
      <h3 id="rw-history" className={s.sectionTitle}>
        {t('history.title')}
      </h3>
      <DataTable caption={t('history.title')} hideCaption columns={columns} rows={d.history} rowKey={(g) => g.id} labels={tableLabels(tc)} pageSize={10} empty={<EmptyState compact title={t('history.none')} />} />
    </section>
  );
}
