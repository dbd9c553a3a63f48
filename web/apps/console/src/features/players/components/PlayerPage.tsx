// The player page: who the player is (status, balances, registration, flags),
// the last logins, the accounts linked by IP or payout account, the actions
// the operator's permissions allow, and the tabs (kept in the URL).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, EmptyState, Spinner, Tabs, type Column } from '@palaro/ui';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { detailQuery, linkedQuery, loginsQuery, type Detail, type Link as LinkRow, type Login } from '../api/players';
import { Actions } from './Actions';
import { Facts, Money, NS, StatusBadge } from './shared';
import { AuditTab, CashierTab, NotesTab, RoundsTab, TransactionsTab } from './Tabs';
import { RgTab } from './RgTab';
import s from './Players.module.css';

/** A tab another feature supplies (the route composes them: features do not import each other). */
export type ExtraTab = { key: string; label: string; render: () => React.ReactNode };

export type PlayerPageProps = { id: number; permissions: readonly string[]; playerPath: (id: number) => string; searchPath: string; extraTabs?: readonly ExtraTab[] };

export function PlayerPage({ id, permissions, playerPath, searchPath, extraTabs = [] }: PlayerPageProps) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(detailQuery(id));
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const d = q.data;
  return (
    <>
      <nav aria-label={t('page.breadcrumb')} className={s.crumbs}>
        <Link to={searchPath}>{t('search.title')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{d.player.username}</span>
      </nav>
      <header className={s.playerHead}>
        <div className={s.who}>
          <h1 className={s.name}>{d.player.username}</h1>
          <StatusBadge status={d.player.status} />
          {d.flags.defaultPassword && <span className={[s.badge, s.warn].join(' ')}>{t('flags.defaultPassword')}</span>}
          {d.flags.agent && <span className={[s.badge, s.neutral].join(' ')}>{t('flags.agent')}</span>}
          {d.flags.trial && <span className={[s.badge, s.neutral].join(' ')}>{t('flags.trial')}</span>}
          <span className={s.muted}>
            {t('page.idLine', { id: d.player.id, nickname: d.player.nickname || '—' })}
          </span>
        </div>
        <Actions detail={d} permissions={permissions} />
      </header>
      <div className={s.cards}>
        <Balances d={d} />
        <section className={s.card} aria-labelledby="pl-profile">
          <h2 id="pl-profile" className={s.cardTitle}>
            {t('page.profile')}
          </h2>
          <Facts
            items={[
              [t('page.mobile'), d.player.mobile ? `${d.player.countryDialingCode ? `+${d.player.countryDialingCode} ` : ''}${d.player.mobile}` : ''],
              [t('page.email'), d.player.email],
              [t('page.payeeName'), d.player.payeeName],
              [t('page.registered'), formatDateTime(d.player.createdAt)],
              [t('page.lastLogin'), d.player.lastLoginAt ? `${formatDateTime(d.player.lastLoginAt)}${d.player.lastLoginIp ? ` · ${d.player.lastLoginIp}` : ''}` : ''],
              [t('page.passwordChanged'), formatDateTime(d.player.passwordChangedAt)],
            ]}
          />
        </section>
        <section className={s.card} aria-labelledby="pl-reg">
          <h2 id="pl-reg" className={s.cardTitle}>
            {t('page.registration')}
          </h2>
          <Facts
            items={[
              [t('page.regIp'), d.registration.ip],
              [t('page.device'), d.registration.device && <span className={s.clip} title={d.registration.device}>{d.registration.device}</span>],
              [t('page.channel'), d.registration.channel],
              [t('page.domain'), d.registration.domain],
              [t('page.referral'), [d.registration.referralCode, d.registration.affiliateCode].filter(Boolean).join(' · ')],
              [t('page.agent'), d.registration.agentId ? <Link to={playerPath(d.registration.agentId)}>{d.registration.agent || d.registration.agentId}</Link> : ''],
            ]}
          />
        </section>
      </div>
      <div className={s.twoCol}>
        <Logins id={id} />
        <Linked id={id} playerPath={playerPath} />
      </div>
      <PlayerTabs d={d} permissions={permissions} extraTabs={extraTabs} />
    </>
  );
}

function Balances({ d }: { d: Detail }) {
  const { t } = useTranslation(NS);
  const b = d.balances;
  return (
    <section className={s.card} aria-labelledby="pl-bal">
      <h2 id="pl-bal" className={s.cardTitle}>
        {t('page.balances')}
      </h2>
      <p className={s.mainBalance} data-testid="main-balance">
        <Money minor={b.main} decimals={b.decimals} currency={b.currency} />
      </p>
      <Facts
        items={[
          ...b.wallets.filter((w, i) => i > 0 || w.wallet !== 'MAIN').map((w): [string, React.ReactNode] => [t(`wallet.${w.wallet}`, { defaultValue: w.wallet }), <Money key={w.wallet} minor={w.balance} decimals={b.decimals} currency={w.currency} />]),
          ...b.vendors.map((v): [string, React.ReactNode] => [v.name || v.vendor, v.status === 'UNAVAILABLE' ? t('page.vendorUnavailable') : <Money key={v.vendor} minor={v.balance} decimals={b.decimals} />]),
        ]}
      />
    </section>
  );
}

function Logins({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(loginsQuery(id));
  const columns: Column<Login>[] = [
    { key: 'at', header: t('logins.at'), cell: (r) => formatDateTime(r.at), nowrap: true },
    { key: 'ip', header: t('logins.ip'), cell: (r) => r.ip || '—', nowrap: true },
    { key: 'device', header: t('logins.device'), cell: (r) => <span className={s.clip} title={r.device}>{r.device || '—'}</span> },
    { key: 'state', header: t('logins.state'), cell: (r) => (r.endedAt ? t('logins.ended') : r.expiresAt < Date.now() ? t('logins.expired') : t('logins.live')) },
  ];
  return (
    <section className={s.card} aria-labelledby="pl-logins">
      <h2 id="pl-logins" className={s.cardTitle}>
        {t('logins.title')}
      </h2>
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <DataTable caption={t('logins.title')} hideCaption columns={columns} rows={q.data.items} rowKey={(r) => `${r.at}-${r.ip}`} labels={tableLabels(tc)} empty={<EmptyState compact title={t('logins.empty')} />} />
      )}
    </section>
  );
}

function Linked({ id, playerPath }: { id: number; playerPath: (id: number) => string }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(linkedQuery(id));
  const columns: Column<LinkRow>[] = [
    { key: 'username', header: t('linked.player'), cell: (r) => <Link to={playerPath(r.id)}>{r.username}</Link> },
    { key: 'status', header: t('search.status'), cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'why',
      header: t('linked.why'),
      cell: (r) => (
        <span className={s.stack}>
          {r.reasons.map((x, i) => (
            <span key={i}>{x.kind === 'IP' ? t('linked.ip', { ip: x.ip }) : t('linked.payout', { bank: x.bankCode, number: x.accountNumber })}</span>
          ))}
        </span>
      ),
    },
  ];
  return (
    <section className={s.card} aria-labelledby="pl-linked">
      <h2 id="pl-linked" className={s.cardTitle}>
        {t('linked.title')}
      </h2>
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <DataTable caption={t('linked.title')} hideCaption columns={columns} rows={q.data.items} rowKey={(r) => r.id} labels={tableLabels(tc)} pageSize={10} empty={<EmptyState compact title={t('linked.empty')} />} />
      )}
    </section>
  );
}

const TAB_KEYS = ['transactions', 'rounds', 'deposits', 'withdrawals', 'rg', 'notes', 'audit'] as const;

function PlayerTabs({ d, permissions, extraTabs }: { d: Detail; permissions: readonly string[]; extraTabs: readonly ExtraTab[] }) {
  const { t } = useTranslation(NS);
  const [sp, setSp] = useSearchParams();
  const canAudit = permissions.includes('audit.read') || permissions.includes('operators.manage');
  const canRg = permissions.includes('rg.read');
  const own = TAB_KEYS.filter((k) => (k !== 'audit' || canAudit) && (k !== 'rg' || canRg)).map((k) => ({ key: k as string, label: t(`tabs.${k}`) }));
  // Other features' tabs go before the audit tab, which stays last.
  const at = own.findIndex((x) => x.key === 'audit');
  const extra = extraTabs.map((x) => ({ key: x.key, label: x.label }));
  const tabs = at < 0 ? [...own, ...extra] : [...own.slice(0, at), ...extra, ...own.slice(at)];
  const wanted = sp.get('tab') ?? 'transactions';
  const tab = tabs.some((x) => x.key === wanted) ? wanted : 'transactions';
  const id = d.player.id;
  return (
    <Tabs
      className={s.tabs}
      tabs={tabs}
      value={tab}
      label={t('tabs.label')}
      onChange={(k) =>
        setSp(
          (prev) => {
            const n = new URLSearchParams(prev);
            n.set('tab', k);
            return n;
          },
          { replace: true },
        )
      }
    >
      {tab === 'transactions' && <TransactionsTab id={id} />}
      {tab === 'rounds' && <RoundsTab id={id} decimals={d.balances.decimals} />}
      {tab === 'deposits' && <CashierTab id={id} kind="deposits" />}
      {tab === 'withdrawals' && <CashierTab id={id} kind="withdrawals" />}
      {tab === 'rg' && <RgTab id={id} decimals={d.balances.decimals} canWrite={permissions.includes('rg.write')} />}
      {tab === 'notes' && <NotesTab id={id} canWrite={permissions.includes('players.write')} />}
      {tab === 'audit' && <AuditTab id={id} />}
      {extraTabs.find((x) => x.key === tab)?.render()}
    </Tabs>
  );
}
