// /pointMall: the member's points, the items to redeem them on, the redeem
// history, the points history (spec section 3's fields) and the rules
// (spec section 2, "points mall with redeem history, points details and
// rules"). Redeeming and converting open dialogs that ask for the payment
// password; the tab is kept in ?tab= so a link can open one.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ArrowRightLeft, Coins, Gift, History, Package, ScrollText, Sparkles, Store } from 'lucide-react';
import { Button, EmptyState, ErrorState, Pager, Skeleton, Tabs } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import {
  POINTS_PAGE_SIZE,
  POINTS_QUERY_ROOT,
  pointsBalanceQuery,
  pointsConfigQuery,
  pointsHistoryQuery,
  pointsItemsQuery,
  redemptionsQuery,
  type PointsConfig,
  type PointsItem,
} from '../api/points';
import { ConvertDialog } from './ConvertDialog';
import { RedeemDialog } from './RedeemDialog';
import s from './points.module.css';

/** Formats minor units of a currency; the route passes the wallet's formatter in. */
export type FormatMoney = (minor: number, currency: string, decimals: number) => string;

export type PointsMallProps = { formatMoney: FormatMoney };

const TABS = ['mall', 'redeemed', 'details', 'rules'] as const;
type Tab = (typeof TABS)[number];

const points = (n: number) => n.toLocaleString('en-US');

export function PointsMall({ formatMoney }: PointsMallProps) {
  const { t } = useTranslation(['points', 'common', 'errors', 'cashier'], { useSuspense: true });
  const { token } = useSession();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'mall';
  const balance = useQuery(pointsBalanceQuery(token));
  const config = useQuery(pointsConfigQuery(token));
  const [redeeming, setRedeeming] = useState<PointsItem | null>(null);
  const [converting, setConverting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const cfg = config.data;
  const money = (minor: number) => formatMoney(minor, cfg?.currency ?? '', cfg?.decimals ?? 2);

  const done = (text: string) => {
    setRedeeming(null);
    setConverting(false);
    setNotice(text);
    void qc.invalidateQueries({ queryKey: POINTS_QUERY_ROOT });
    void qc.invalidateQueries({ queryKey: ['rewards'] });
  };

  return (
    <div className={s.page} data-testid="points-mall">
      <header className={s.hero}>
        <div className={s.heroText}>
          <span className={s.heroIcon} aria-hidden="true">
            <Store size={22} />
          </span>
          <div>
            <h1 className={s.title}>{t('points:title')}</h1>
            <p className={s.subtitle}>{t('points:subtitle')}</p>
          </div>
        </div>
        <dl className={s.balance}>
          <div data-main>
            <dt>{t('points:balance')}</dt>
            <dd data-testid="points-balance">{balance.data ? points(balance.data.balance) : '—'}</dd>
          </div>
          <div>
            <dt>{t('points:earned')}</dt>
            <dd>{balance.data ? points(balance.data.earned) : '—'}</dd>
          </div>
          <div>
            <dt>{t('points:spent')}</dt>
            <dd>{balance.data ? points(balance.data.spent) : '—'}</dd>
          </div>
        </dl>
        {cfg?.convertOn && (
          <Button variant="secondary" icon={<ArrowRightLeft size={16} />} onClick={() => setConverting(true)} disabled={!balance.data} data-testid="points-convert">
            {t('points:convert.open')}
          </Button>
        )}
      </header>

      {notice && (
        <div className={s.notice} role="status" data-testid="points-notice">
          <span>{notice}</span>
          <Link to={paths.rewardCenter} className={s.noticeLink}>
            {t('points:toRewardCentre')}
          </Link>
        </div>
      )}

      <Tabs
        label={t('points:tabs.label')}
        value={tab}
        onChange={(k) => {
          const next = new URLSearchParams(params);
          if (k === 'mall') next.delete('tab');
          else next.set('tab', k);
          setParams(next, { replace: true });
        }}
        tabs={TABS.map((k) => ({ key: k, label: t(`points:tabs.${k}`) }))}
        panelClassName={s.panel}
      >
        {tab === 'mall' && <ItemsGrid balance={balance.data?.balance} money={money} onRedeem={setRedeeming} />}
        {tab === 'redeemed' && <Redemptions money={money} />}
        {tab === 'details' && <Details money={money} />}
        {tab === 'rules' && <Rules cfg={cfg} money={money} />}
      </Tabs>

      {redeeming && cfg && (
        <RedeemDialog
          item={redeeming}
          balance={balance.data?.balance ?? 0}
          maxQuantity={cfg.maxQuantity}
          money={money}
          onClose={() => setRedeeming(null)}
          onDone={(r) => done(redeeming.kind === 'GOODS' ? t('points:redeemed.goods', { ref: r.ref }) : t('points:redeemed.reward', { ref: r.ref }))}
        />
      )}
      {converting && cfg && balance.data && (
        <ConvertDialog
          cfg={cfg}
          balance={balance.data.balance}
          money={money}
          onClose={() => setConverting(false)}
          onDone={(r) => done(t('points:convert.done', { amount: money(r.amount), points: points(r.points) }))}
        />
      )}
    </div>
  );
}

function ItemIcon({ kind }: { kind: PointsItem['kind'] }) {
  if (kind === 'GOODS') return <Package size={34} strokeWidth={1.6} />;
  if (kind === 'FREE_SPINS') return <Sparkles size={34} strokeWidth={1.6} />;
  return <Coins size={34} strokeWidth={1.6} />;
}

function ItemsGrid({ balance, money, onRedeem }: { balance: number | undefined; money: (m: number) => string; onRedeem: (it: PointsItem) => void }) {
  const { t } = useTranslation(['points']);
  const { token } = useSession();
  const items = useQuery(pointsItemsQuery(token));
  if (items.isError && !items.data) return <ErrorState error={items.error} onRetry={() => void items.refetch()} retrying={items.isFetching} />;
  if (!items.data)
    return (
      <ul className={s.grid} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <Skeleton height={300} radius="card" />
          </li>
        ))}
      </ul>
    );
  if (items.data.list.length === 0) return <EmptyState icon={<Gift size={28} strokeWidth={1.75} />} title={t('points:empty.itemsTitle')} description={t('points:empty.itemsBody')} />;
  return (
    <ul className={s.grid}>
      {items.data.list.map((it) => {
        const soldOut = it.stock === 0;
        const limitReached = it.memberLimit > 0 && it.redeemed >= it.memberLimit;
        const short = balance !== undefined && balance < it.points;
        return (
          <li key={it.id} className={s.item} data-kind={it.kind} data-testid="points-item">
            <div className={s.art}>
              {it.imageUrl ? (
                <img src={it.imageUrl} alt="" loading="lazy" />
              ) : (
                <span className={s.placeholder} aria-hidden="true">
                  <ItemIcon kind={it.kind} />
                </span>
              )}
              <span className={s.kindTag}>{t(`points:kinds.${it.kind}`)}</span>
            </div>
            <div className={s.itemBody}>
              <h3 className={s.itemName}>{it.name}</h3>
              <p className={s.itemWorth}>
                {it.kind === 'BONUS_CASH' && money(it.amount)}
                {it.kind === 'FREE_SPINS' && t('points:spinsWorth', { spins: it.spins, bet: money(it.amount) })}
                {it.kind === 'GOODS' && t('points:delivered')}
              </p>
              {it.description && <p className={s.itemDesc}>{it.description}</p>}
              <ul className={s.facts}>
                <li>{it.stock < 0 ? t('points:stockUnlimited') : t('points:stockLeft', { n: it.stock })}</li>
                {it.memberLimit > 0 && <li>{t('points:limit', { n: it.redeemed, max: it.memberLimit })}</li>}
              </ul>
            </div>
            <div className={s.itemFoot}>
              <span className={s.price}>
                <strong>{points(it.points)}</strong> {t('points:pts')}
              </span>
              <Button onClick={() => onRedeem(it)} disabled={soldOut || limitReached || short} aria-label={t('points:redeemItem', { name: it.name })}>
                {soldOut ? t('points:soldOut') : limitReached ? t('points:limitReached') : t('points:redeem')}
              </Button>
            </div>
            {short && !soldOut && !limitReached && <p className={s.short}>{t('points:needMore', { n: points(it.points - (balance ?? 0)) })}</p>}
          </li>
        );
      })}
    </ul>
  );
}

function Redemptions({ money }: { money: (m: number) => string }) {
  const { t } = useTranslation(['points']);
  const { token } = useSession();
  const [page, setPage] = useState(1);
  const q = useQuery(redemptionsQuery(token, page));
  if (q.isError && !q.data) return <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (!q.data) return <Skeleton height={220} radius="card" />;
  if (q.data.list.length === 0) return <EmptyState icon={<History size={28} strokeWidth={1.75} />} title={t('points:empty.redeemedTitle')} description={t('points:empty.redeemedBody')} />;
  const pages = Math.max(1, Math.ceil(q.data.total / POINTS_PAGE_SIZE));
  return (
    <div className={s.section}>
      <div className={s.tableWrap}>
        <table className={s.table} data-testid="points-redemptions">
          <thead>
            <tr>
              <th>{t('points:cols.ref')}</th>
              <th>{t('points:cols.time')}</th>
              <th>{t('points:cols.item')}</th>
              <th>{t('points:cols.quantity')}</th>
              <th>{t('points:cols.points')}</th>
              <th>{t('points:cols.value')}</th>
              <th>{t('points:cols.status')}</th>
              <th>{t('points:cols.remark')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.list.map((r) => (
              <tr key={r.id} data-testid="points-redemption">
                <td data-label={t('points:cols.ref')} className={s.num}>
                  {r.ref}
                </td>
                <td data-label={t('points:cols.time')} className={s.num}>
                  {formatDateTime(r.createdAt)}
                </td>
                <td data-label={t('points:cols.item')} className={s.name}>
                  {r.kind === 'CONVERT' ? t('points:kinds.CONVERT') : r.name}
                </td>
                <td data-label={t('points:cols.quantity')} className={s.num}>
                  {r.quantity}
                </td>
                <td data-label={t('points:cols.points')} className={s.num}>
                  {points(r.points)}
                </td>
                <td data-label={t('points:cols.value')} className={s.num}>
                  {r.amount > 0 ? money(r.amount) : '—'}
                </td>
                <td data-label={t('points:cols.status')}>
                  <span className={s.status} data-status={r.status}>
                    {t(`points:status.${r.status}`)}
                  </span>
                </td>
                <td data-label={t('points:cols.remark')} className={s.remark}>
                  {r.reason || (r.address ? t('points:shipTo', { name: r.address.name }) : '—')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && <Pager page={page} totalPages={pages} onChange={setPage} />}
    </div>
  );
}

function Details({ money }: { money: (m: number) => string }) {
  const { t } = useTranslation(['points']);
  const { token } = useSession();
  const [page, setPage] = useState(1);
  const q = useQuery(pointsHistoryQuery(token, page));
  if (q.isError && !q.data) return <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (!q.data) return <Skeleton height={220} radius="card" />;
  if (q.data.list.length === 0) return <EmptyState icon={<ScrollText size={28} strokeWidth={1.75} />} title={t('points:empty.detailsTitle')} description={t('points:empty.detailsBody')} />;
  const pages = Math.max(1, Math.ceil(q.data.total / POINTS_PAGE_SIZE));
  const name = (n: string, type: string) => (type === 'EARN_BET' || type === 'EARN_DEPOSIT' ? t(`points:categories.${n}`, { defaultValue: n }) : n === 'Points to cash' ? t('points:kinds.CONVERT') : n);
  return (
    <div className={s.section}>
      <div className={s.tableWrap}>
        <table className={s.table} data-testid="points-history">
          <thead>
            <tr>
              <th>{t('points:cols.ref')}</th>
              <th>{t('points:cols.time')}</th>
              <th>{t('points:cols.type')}</th>
              <th>{t('points:cols.name')}</th>
              <th>{t('points:cols.quantity')}</th>
              <th>{t('points:cols.pointsRequirement')}</th>
              <th>{t('points:cols.amountRequirement')}</th>
              <th>{t('points:cols.status')}</th>
              <th>{t('points:cols.change')}</th>
              <th>{t('points:cols.balance')}</th>
              <th>{t('points:cols.remark')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.list.map((e) => (
              <tr key={e.id} data-testid="points-entry">
                <td data-label={t('points:cols.ref')} className={s.num}>
                  {e.ref}
                </td>
                <td data-label={t('points:cols.time')} className={s.num}>
                  {formatDateTime(e.applyTime)}
                </td>
                <td data-label={t('points:cols.type')} className={s.nowrap}>
                  {t(`points:types.${e.type}`)}
                </td>
                <td data-label={t('points:cols.name')} className={s.name}>
                  {name(e.name, e.type)}
                </td>
                <td data-label={t('points:cols.quantity')} className={s.num}>
                  {e.quantity || '—'}
                </td>
                <td data-label={t('points:cols.pointsRequirement')} className={s.num}>
                  {e.pointsRequirement ? points(e.pointsRequirement) : '—'}
                </td>
                <td data-label={t('points:cols.amountRequirement')} className={s.num}>
                  {e.amountRequirement ? money(e.amountRequirement) : '—'}
                </td>
                <td data-label={t('points:cols.status')}>
                  <span className={s.status} data-status={e.status}>
                    {t(`points:status.${e.status}`)}
                  </span>
                </td>
                <td data-label={t('points:cols.change')} className={s.num} data-sign={e.changedPoints > 0 ? '+' : '-'}>
                  {e.changedPoints > 0 ? `+${points(e.changedPoints)}` : `−${points(-e.changedPoints)}`}
                </td>
                <td data-label={t('points:cols.balance')} className={s.num}>
                  {points(e.pointsBalance)}
                </td>
                <td data-label={t('points:cols.remark')} className={s.remark}>
                  {e.remark || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && <Pager page={page} totalPages={pages} onChange={setPage} />}
    </div>
  );
}

function Rules({ cfg, money }: { cfg: PointsConfig | undefined; money: (m: number) => string }) {
  const { t } = useTranslation(['points']);
  if (!cfg) return <Skeleton height={220} radius="card" />;
  return (
    <div className={s.rules} data-testid="points-rules">
      <section className={s.ruleCard}>
        <h2 className={s.sectionTitle}>{t('points:rules.earnTitle')}</h2>
        {cfg.earn.length === 0 ? (
          <p className={s.muted}>{t('points:rules.earnOff')}</p>
        ) : (
          <ul className={s.ruleList}>
            {cfg.earn.map((r) => (
              <li key={r.category}>
                <span>{t(`points:categories.${r.category}`, { defaultValue: r.category })}</span>
                <strong>{r.category === 'DEPOSIT' ? t('points:rules.perDeposit', { points: r.points, amount: money(r.per) }) : t('points:rules.perBet', { points: r.points, amount: money(r.per) })}</strong>
              </li>
            ))}
          </ul>
        )}
        <p className={s.muted}>{t('points:rules.carry')}</p>
      </section>
      <section className={s.ruleCard}>
        <h2 className={s.sectionTitle}>{t('points:rules.redeemTitle')}</h2>
        <ul className={s.bullets}>
          <li>{t('points:rules.noExpiry')}</li>
          <li>{t('points:rules.password')}</li>
          <li>{t('points:rules.rewards', { days: cfg.claimDays })}</li>
          <li>{t('points:rules.freeSpins')}</li>
          <li>{t('points:rules.goods')}</li>
          <li>{cfg.convertOn ? t('points:rules.convert', { points: points(cfg.convertPoints), amount: money(cfg.convertAmount), min: points(cfg.convertMin) }) : t('points:rules.convertOff')}</li>
        </ul>
      </section>
    </div>
  );
}
