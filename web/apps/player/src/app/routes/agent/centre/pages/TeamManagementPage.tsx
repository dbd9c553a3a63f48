// Agent centre: team management (spec downlineManagmentView): the direct
// downline or every level, a username search, pages, drill-down into a
// downline agent's team (breadcrumbs; the drill-down is in the URL so back
// works), each member's status, balance and last login; transfer to a direct
// downline and offer a contract to a direct downline agent.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight, FileSignature, Search, Send, Users } from 'lucide-react';
import { Button, buttonClassName } from '@/components/ui';
import { TEAM_PAGE_SIZE, teamQuery, type TeamMember, type TeamScope } from '@/features/agent/api/team';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { Amount, Filters, ReportTable, totalPagesOf } from './kit';
import { hasAgentPage } from '../registry';
import { PageHead } from './PageHead';
import { TransferDialog } from './TransferDialog';
import s from './pages.module.css';

export default function TeamManagementPage() {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const [params, setParams] = useSearchParams();
  const { info } = useSession();
  const parent = Number(params.get('parent')) || undefined;
  const scope: TeamScope = params.get('scope') === 'all' ? 'all' : 'direct';
  const username = params.get('username') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(username);
  const [transferTo, setTransferTo] = useState<TeamMember>();
  const q = useQuery(teamQuery({ parent, scope, username, page }));
  const data = q.data;
  const set = (patch: Record<string, string | undefined>) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      for (const [k, v] of Object.entries(patch)) {
        if (v) n.set(k, v);
        else n.delete(k);
      }
      if (!('page' in patch)) n.delete('page');
      return n;
    });
  // Transfers and contracts are with the agent's own direct downline only.
  const mine = !parent || parent === info?.id;
  const direct = (m: TeamMember) => mine && m.parentId === (info?.id ?? -1);

  return (
    <>
      <PageHead icon={<Users size={22} />} title={t('agent:menu.downlineManagmentView')} lead={t('agent:team.lead')} />
      <Filters label={t('agent:report.filters')}>
        <div className={s.radioRow} role="group" aria-label={t('agent:team.scope')}>
          {(['direct', 'all'] as const).map((k) => (
            <button key={k} type="button" className={s.chipLabel} aria-pressed={scope === k} onClick={() => set({ scope: k === 'all' ? 'all' : undefined })} data-testid={`agent-team-scope-${k}`}>
              {t(`agent:team.scopes.${k}`)}
            </button>
          ))}
        </div>
        <form
          className={s.filterRow}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            set({ username: search.trim() || undefined });
          }}
        >
          <div className={s.field}>
            <label htmlFor="agent-team-search">{t('agent:team.search')}</label>
            <input id="agent-team-search" className="input" value={search} onChange={(e) => setSearch(e.target.value)} autoCapitalize="none" spellCheck={false} data-testid="agent-team-search" />
          </div>
          <Button type="submit" variant="outline" icon={<Search size={16} aria-hidden="true" />}>
            {t('agent:team.find')}
          </Button>
        </form>
      </Filters>
      {data && data.path.length > 1 && (
        <nav aria-label={t('agent:team.path')}>
          <ol className={s.crumbs} data-testid="agent-team-path">
            {data.path.map((p, i) => (
              <li key={p.id} className={s.crumb}>
                {i > 0 && <ChevronRight size={14} aria-hidden="true" className="flip-rtl" />}
                {i === data.path.length - 1 ? <strong aria-current="page">{p.account}</strong> : <button type="button" onClick={() => set({ parent: i === 0 ? undefined : String(p.id) })}>{p.account}</button>}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <ReportTable
        caption={t('agent:menu.downlineManagmentView')}
        testId="agent-team-table"
        rows={data?.list}
        rowKey={(m) => m.id}
        loading={q.isPending}
        busy={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={username ? t('agent:team.noMatch', { username }) : t('agent:team.empty')}
        page={page}
        totalPages={data ? totalPagesOf(data.total, data.pageSize || TEAM_PAGE_SIZE) : 1}
        onPage={(n) => set({ page: n > 1 ? String(n) : undefined })}
        cols={[
          {
            key: 'account',
            header: t('agent:team.account'),
            cell: (m) => (
              <span>
                <strong>{m.account}</strong>
                {m.nickname && m.nickname !== m.account ? <span className={s.muted}> {m.nickname}</span> : null}
              </span>
            ),
          },
          { key: 'type', header: t('agent:team.type'), cell: (m) => <span className={[s.tag, m.agent ? s.tagAgent : ''].join(' ')}>{t(`agent:types.${m.type}`, { defaultValue: String(m.type) })}</span> },
          { key: 'level', header: t('agent:team.level'), end: true, cell: (m) => m.level },
          { key: 'status', header: t('agent:team.status'), cell: (m) => <span className={[s.tag, m.status === 'ACTIVE' ? '' : s.tagOff].join(' ')}>{t(`agent:team.statuses.${m.status}`, { defaultValue: m.status })}</span> },
          { key: 'balance', header: t('agent:team.balance'), end: true, cell: (m) => <Amount value={m.balance} decimals={data?.decimals ?? 2} /> },
          { key: 'team', header: t('agent:team.teamSize'), end: true, cell: (m) => (m.agent ? `${m.directCount} / ${m.teamCount}` : '—') },
          { key: 'registered', header: t('agent:team.registered'), cell: (m) => formatDateTime(m.registeredAt) },
          { key: 'login', header: t('agent:team.lastLogin'), cell: (m) => (m.lastLoginAt ? formatDateTime(m.lastLoginAt) : t('agent:team.never')) },
          {
            key: 'actions',
            header: t('agent:links.actions'),
            end: true,
            cell: (m) => (
              <div className={s.rowActions}>
                {m.agent && m.teamCount > 0 && (
                  <Button size="sm" variant="outline" onClick={() => set({ parent: String(m.id), username: undefined, scope: undefined })} aria-label={t('agent:team.openTeamOf', { account: m.account })} data-testid={`agent-team-open-${m.account}`}>
                    {t('agent:team.openTeam')}
                  </Button>
                )}
                {direct(m) && m.status === 'ACTIVE' && (
                  <Button size="sm" variant="outline" icon={<Send size={14} aria-hidden="true" />} onClick={() => setTransferTo(m)} aria-label={t('agent:transfer.toOf', { account: m.account })} data-testid={`agent-team-transfer-${m.account}`}>
                    {t('agent:transfer.short')}
                  </Button>
                )}
                {direct(m) && m.agent && hasAgentPage('contractRequests') && (
                  <Link to={`${paths.agentPage('contractRequests')}?offerTo=${m.id}&account=${encodeURIComponent(m.account)}`} className={buttonClassName({ variant: 'ghost', size: 'sm' })} aria-label={t('agent:contracts.offerTo', { account: m.account })}>
                    <FileSignature size={14} aria-hidden="true" />
                    {t('agent:contracts.offer')}
                  </Link>
                )}
              </div>
            ),
          },
        ]}
      />
      {transferTo && <TransferDialog to={transferTo.account} onClose={() => setTransferTo(undefined)} />}
    </>
  );
}
