// The agent tree: find an agent or member by username (kept in the URL),
// its upline chain from the top as a breadcrumb, its facts and its direct
// downline (server-paged); a downline row drills down a level, every member
// links to its player page. With agents.write the member moves to another
// upline; a top agent may be offered a platform contract (commission.write).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowRightLeft, ChevronRight, FileSignature, Search as SearchIcon, UserRound } from 'lucide-react';
import { Button, DataTable, EmptyState, Spinner, TextField, buttonClassName, type Column } from '@palaro/ui';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { treeQuery, TREE_PAGE_SIZE, type Moved, type Tree, type TreeNode, type TreeTarget } from '../api/agents';
import { USERNAME_MAX } from '../api/schema';
import { MoveDialog } from './MoveDialog';
import { Badge, Money, NS, useTypeName } from './shared';
import s from './Agents.module.css';

export function readTarget(sp: URLSearchParams): TreeTarget {
  const member = Number(sp.get('member'));
  if (/^\d{1,15}$/.test(sp.get('member') ?? '') && member > 0) return { member };
  return { account: (sp.get('account') ?? '').trim().slice(0, USERNAME_MAX) };
}

/** After a move the tree (kept by a stream consumer) follows within a moment: ask again until it does. */
function settled(tree: Tree | undefined, moved: Moved | null): boolean {
  if (!tree || !moved || tree.member.id !== moved.memberId) return true;
  const direct = tree.upline.at(-1)?.id ?? 0;
  return direct === moved.toParentId;
}

export function AgentTree(p: { canMove: boolean; canOffer: boolean; playerPath: (id: number) => string; offerPath: (account: string) => string }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const typeName = useTypeName();
  const [sp, setSp] = useSearchParams();
  const target = readTarget(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [moved, setMoved] = useState<{ result: Moved; until: number } | null>(null);
  const q = useQuery({
    ...treeQuery(target, page),
    refetchInterval: (query) => (moved && Date.now() < moved.until && !settled(query.state.data, moved.result) ? 400 : false),
  });
  const [moving, setMoving] = useState<TreeNode | null>(null);

  const go = (next: TreeTarget, pg = 1) => {
    const params = new URLSearchParams();
    if (next.member) params.set('member', String(next.member));
    else if (next.account?.trim()) params.set('account', next.account.trim());
    if (pg > 1) params.set('page', String(pg));
    setSp(params);
  };
  const open = (id: number) => go({ member: id });

  const searching = !!target.member || !!target.account;
  const tree = q.data;
  const dec = tree?.decimals ?? 2;
  const columns: Column<TreeNode>[] = [
    {
      key: 'account',
      header: t('tree.col.account'),
      cell: (r) => (
        <Link className={s.rowLink} to={{ search: `?member=${r.id}` }} aria-label={t('tree.openTeam', { account: r.account })}>
          {r.account}
        </Link>
      ),
    },
    { key: 'type', header: t('tree.col.type'), cell: (r) => typeName(r.type), nowrap: true },
    { key: 'status', header: t('tree.col.status'), cell: (r) => <Badge group="memberStatus" value={r.status} /> },
    {
      key: 'team',
      header: t('tree.col.team'),
      cell: (r) => (r.agent || r.directCount > 0 ? `${r.directCount.toLocaleString()} / ${r.teamCount.toLocaleString()}` : '—'),
      align: 'end',
      nowrap: true,
    },
    { key: 'balance', header: t('tree.col.balance'), cell: (r) => <Money minor={r.balance} decimals={dec} />, align: 'end', nowrap: true },
    { key: 'registered', header: t('tree.col.registered'), cell: (r) => formatDateTime(r.registeredAt), nowrap: true },
    {
      key: 'player',
      header: <span className="sr-only">{t('tree.col.player')}</span>,
      cell: (r) => (
        <Link to={p.playerPath(r.id)} className={s.rowLink} aria-label={t('tree.openPlayer', { account: r.account })} title={t('tree.openPlayer', { account: r.account })}>
          <UserRound size={16} aria-hidden="true" />
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('tree.title')} intro={t('tree.intro')} />
      {/* Opened by id (a drill-down), the box shows the member's name once known. */}
      <SearchBox
        key={`search:${sp.toString()}:${target.member ? (q.data?.member.account ?? '') : ''}`}
        value={target.member ? (q.data?.member.account ?? '') : (target.account ?? '')}
        onSearch={(account) => go({ account })}
      />
      {!searching ? (
        <EmptyState title={t('tree.start')} description={t('tree.startHint')} icon={<SearchIcon size={28} aria-hidden="true" />} />
      ) : q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        tree && (
          <>
            <Chain tree={tree} />
            {moved && !settled(tree, moved.result) && (
              <p className={s.updating} role="status">
                {t('tree.updating')}
              </p>
            )}
            <MemberCard tree={tree} {...p} onMove={() => setMoving(tree.member)} />
            {/* A plain member without a downline has no list to show. */}
            {(tree.member.agent || tree.total > 0) && (
              <>
                <h2 className={s.sectionTitle}>{t('tree.downline')}</h2>
                <p className={s.total} aria-live="polite">
                  {t('tree.total', { count: tree.total })}
                </p>
                <DataTable
                  caption={t('tree.downlineCaption', { account: tree.member.account })}
                  hideCaption
                  columns={columns}
                  rows={tree.downline}
                  rowKey={(r) => r.id}
                  labels={tableLabels(tc)}
                  page={page}
                  onPageChange={(pg) => go(target, pg)}
                  manual={{ totalPages: Math.max(1, Math.ceil(tree.total / TREE_PAGE_SIZE)) }}
                  busy={q.isFetching}
                  empty={<EmptyState compact title={t('tree.empty', { account: tree.member.account })} />}
                />
              </>
            )}
          </>
        )
      )}
      <MoveDialog
        member={moving}
        onClose={() => setMoving(null)}
        onMoved={(result) => {
          setMoving(null);
          setMoved({ result, until: Date.now() + 8000 });
          // Show the moved member: its new chain is what the operator checks.
          open(result.memberId);
        }}
      />
    </>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (account: string) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<{ account: string }>({ defaultValues: { account: value } });
  return (
    <form className={s.filters} role="search" aria-label={t('tree.searchLabel')} noValidate onSubmit={form.handleSubmit((v) => onSearch(v.account))}>
      <TextField className={s.search} label={t('tree.search')} maxLength={USERNAME_MAX} autoComplete="off" spellCheck={false} {...form.register('account')} />
      <div className={s.buttons}>
        <Button type="submit" icon={<SearchIcon size={16} aria-hidden="true" />}>
          {t('tree.find')}
        </Button>
      </div>
    </form>
  );
}

/** The upline chain from the top down to the member itself. */
function Chain({ tree }: { tree: Tree }) {
  const { t } = useTranslation(NS);
  return (
    <nav className={s.crumbs} aria-label={t('tree.chain')}>
      <ol className={s.crumbList}>
        <li>
          <span className={s.muted}>{tree.upline.length ? t('tree.top') : t('tree.noUpline')}</span>
        </li>
        {tree.upline.map((u) => (
          <li key={u.id}>
            <ChevronRight size={14} aria-hidden="true" className={s.crumbSep} />
            <Link to={{ search: `?member=${u.id}` }}>{u.account}</Link>
          </li>
        ))}
        <li>
          <ChevronRight size={14} aria-hidden="true" className={s.crumbSep} />
          <span className={s.crumbHere} aria-current="page">
            {tree.member.account}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function MemberCard(p: { tree: Tree; canMove: boolean; canOffer: boolean; playerPath: (id: number) => string; offerPath: (account: string) => string; onMove: () => void }) {
  const { t } = useTranslation(NS);
  const typeName = useTypeName();
  const m = p.tree.member;
  const direct = p.tree.upline.at(-1);
  const top = m.agent && !direct;
  return (
    <section className={s.card} aria-labelledby="agent-member-name">
      <div className={s.cardHead}>
        <div className={s.who}>
          <h2 id="agent-member-name" className={s.name}>
            {m.account}
          </h2>
          <Badge group="memberStatus" value={m.status} />
        </div>
        <div className={s.actions}>
          <Link to={p.playerPath(m.id)} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            <UserRound size={16} aria-hidden="true" /> {t('tree.playerPage')}
          </Link>
          {p.canOffer && top && (
            <Link to={p.offerPath(m.account)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              <FileSignature size={16} aria-hidden="true" /> {t('tree.offer')}
            </Link>
          )}
          {p.canMove && (
            <Button size="sm" variant="secondary" icon={<ArrowRightLeft size={16} aria-hidden="true" />} onClick={p.onMove}>
              {t('tree.move')}
            </Button>
          )}
        </div>
      </div>
      <dl className={s.facts}>
        <div className={s.fact}>
          <dt>{t('tree.facts.type')}</dt>
          <dd>{typeName(m.type)}</dd>
        </div>
        <div className={s.fact}>
          <dt>{t('tree.facts.upline')}</dt>
          <dd>{direct ? direct.account : t('tree.facts.none')}</dd>
        </div>
        <div className={s.fact}>
          <dt>{t('tree.facts.direct')}</dt>
          <dd>{m.directCount.toLocaleString()}</dd>
        </div>
        <div className={s.fact}>
          <dt>{t('tree.facts.team')}</dt>
          <dd>{m.teamCount.toLocaleString()}</dd>
        </div>
        <div className={s.fact}>
          <dt>{t('tree.facts.balance')}</dt>
          <dd>
            <Money minor={m.balance} decimals={p.tree.decimals} currency={p.tree.currency} />
          </dd>
        </div>
        <div className={s.fact}>
          <dt>{t('tree.facts.registered')}</dt>
          <dd>{formatDateTime(m.registeredAt)}</dd>
        </div>
      </dl>
    </section>
  );
}
