// /agentHome and /agentHome/<page>: the agent centre (spec section 2). Its own
// shell, without the storefront's header, footer or side menu: a header with
// the brand zone's GMT offset, a clock ticking every second, the nickname and
// sign out (confirmed, then back to /agent); the left nav in the spec's order
// (a drop-down top menu on phones); the page named by the path. Visitors and
// non-agents go to /agent, non-agents with the spec's "not an agent" notice.
// Pushed platform messages (contract offers, commission bills ...) show as
// toasts here too, and the platform-messages entry carries the unread count.
import { Suspense, createElement, lazy, useEffect, useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useParams } from 'react-router';
import { Clock3, Compass, LayoutDashboard, LogOut, Menu, X } from 'lucide-react';
import { Button, EmptyState, Skeleton, buttonClassName } from '@/components/ui';
import { BrandLogo } from '@/components/ui/BrandLogo';
import { NoticeToasts, UnreadBadge, useUnreadCount } from '@/features/messages';
import { logout, useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useBrandInfo } from '../../../brand';
import { ThemeToggle } from '../../../layout/ThemeToggle';
import { LanguageSelector } from '../../../layout/LanguageSelector';
import { useAppNavigate } from '../../../navigation';
import { clockText, gmtOffset, useNow } from '../clock';
import { AgentSuspense } from '../Fallback';
import { useContractFlags } from './contractFlags';
import { NAV_ICONS, visibleAgentEntries } from './nav';
import { AGENT_PAGES, agentPath, contractFlagOf, type AgentPageKey } from './registry';
import s from './AgentCentre.module.css';

type Loader = () => Promise<{ default: ComponentType }>;
type Page = { Component: ComponentType; preload: () => Promise<null> };

function lazyPage(load: Loader): Page {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  return {
    Component: () => createElement(loaded ?? Lazy),
    preload: async () => {
      loaded = (await load()).default;
      return null;
    },
  };
}

const start = lazyPage(() => import('./pages/StartPage'));
const pages = new Map<string, Page & { key: AgentPageKey }>(AGENT_PAGES.map((p) => [p.key.toLowerCase(), { key: p.key, ...lazyPage(p.load) }]));

/** The page for the part of the path after /agentHome/ ("" is the start page). */
export function agentPageFor(rest: string): (Page & { key?: AgentPageKey }) | undefined {
  const key = rest.replace(/\/+$/, '');
  if (key === '') return start;
  if (key.includes('/')) return undefined;
  return pages.get(key.toLowerCase());
}

export function preloadAgentPage(rest: string): Promise<null> {
  return agentPageFor(rest)?.preload() ?? Promise.resolve(null);
}

/** Router state that tells /agent why it was shown. */
export type AgentLandingState = { notAgent?: boolean };

export default function AgentCentre() {
  return (
    <AgentSuspense>
      <AgentCentreShell />
    </AgentSuspense>
  );
}

function AgentCentreShell() {
  const { t } = useTranslation(['agent', 'common', 'layout'], { useSuspense: true });
  const session = useSession();
  const navigate = useAppNavigate();
  const [leaving, setLeaving] = useState(false);
  const rest = useParams()['*'] ?? '';
  const page = agentPageFor(rest);
  const contracts = useContractFlags();
  const brand = useBrandInfo();
  const entries = visibleAgentEntries(contracts.flags, brand.customerService.length > 0);

  // Visitors (or a session that ended) and non-agents belong on /agent.
  const known = session.loggedIn && !session.loading && !!session.info;
  useEffect(() => {
    if (leaving) return;
    if (!session.loggedIn) navigate(paths.agent, { replace: true });
    else if (known && !session.isAgent) navigate(paths.agent, { replace: true, state: { notAgent: true } satisfies AgentLandingState });
  }, [session.loggedIn, session.isAgent, known, leaving, navigate]);

  // Nothing of the centre shows before the session says "agent" (the stored flag counts while info loads).
  if (!session.loggedIn || !session.isAgent) return null;
  const info = session.info;
  const flag = page?.key ? contractFlagOf(page.key) : undefined;
  const closed = !!flag && !contracts.loading && !contracts.flags[flag];

  return (
    <div className={s.shell} data-testid="agent-home">
      <a className={s.skip} href="#agent-main">
        {t('layout:skipToContent')}
      </a>
      <AgentHeader
        nickname={info?.nickname || info?.account}
        leaving={leaving}
        onSignOut={async () => {
          setLeaving(true);
          await logout();
          navigate(paths.agent, { replace: true });
        }}
      />
      <div className={s.body}>
        <AgentNav entries={entries} loading={contracts.loading} />
        <main className={s.main} id="agent-main" tabIndex={-1}>
          <Suspense fallback={<PageFallback />}>
            {!page ? (
              <NotFound />
            ) : flag && contracts.loading ? (
              <PageFallback />
            ) : closed ? (
              <EmptyState icon={<Compass size={28} strokeWidth={1.75} />} title={t('agent:centre.closedTitle')} description={t('agent:centre.closedBody')} action={<HomeLink />} />
            ) : (
              <page.Component />
            )}
          </Suspense>
        </main>
      </div>
      <NoticeToasts messagesPath={agentPath('messageV2')} />
    </div>
  );
}

function HomeLink() {
  const { t } = useTranslation('agent');
  return (
    <Link to={paths.agentHome} className={buttonClassName({ variant: 'secondary' })}>
      {t('agent:centre.start')}
    </Link>
  );
}

function NotFound() {
  const { t } = useTranslation(['agent', 'layout']);
  return <EmptyState icon={<Compass size={28} strokeWidth={1.75} />} title={t('layout:notFound.title')} action={<HomeLink />} />;
}

function PageFallback() {
  return (
    <div className={s.fallback} aria-busy="true">
      <Skeleton width={220} height={28} />
      <Skeleton height={160} radius="card" />
    </div>
  );
}

const LogoutDialog = lazy(() => import('../../../modals/LogoutDialog'));

function AgentHeader({ nickname, onSignOut, leaving }: { nickname?: string; onSignOut: () => Promise<void>; leaving: boolean }) {
  const { t } = useTranslation(['agent', 'layout'], { useSuspense: true });
  const info = useBrandInfo();
  const now = useNow();
  const [confirm, setConfirm] = useState(false);
  return (
    <header className={s.header}>
      <Link to={paths.agentHome} className={s.logo} aria-label={t('agent:centre.startOf', { brand: info.brandName })}>
        {info.theme?.logoUrl ? <BrandLogo theme={info.theme} alt="" height={30} /> : <span className={s.wordmark}>{info.brandName}</span>}
      </Link>
      <span className={s.centreName}>{t('agent:home.title')}</span>
      <div className={s.clock} role="group" aria-label={t('agent:home.clock')}>
        <Clock3 size={16} aria-hidden="true" />
        <span className={s.gmt} data-testid="agent-gmt">
          {gmtOffset(now)}
        </span>
        {/* The clock ticks every second: not a live region, or screen readers would read it out each time. */}
        <time className={s.time} dateTime={now.toISOString()} data-testid="agent-clock">
          {clockText(now)}
        </time>
      </div>
      <div className={s.user}>
        <span className={s.nickname} data-testid="agent-nickname" title={nickname}>
          {nickname ?? <Skeleton width={90} height={16} />}
        </span>
        <span className={s.hideSmall}>
          <LanguageSelector />
        </span>
        <ThemeToggle />
        <Button variant="ghost" size="sm" icon={<LogOut size={16} aria-hidden="true" />} onClick={() => setConfirm(true)} loading={leaving} aria-label={t('agent:home.signOut')} data-testid="agent-signout">
          <span className={s.hideSmall}>{t('agent:home.signOut')}</span>
        </Button>
      </div>
      {confirm && (
        <Suspense fallback={null}>
          <LogoutDialog open={confirm} onClose={() => setConfirm(false)} onConfirm={onSignOut} />
        </Suspense>
      )}
    </header>
  );
}

/** The left nav (desktop) or a drop-down top menu (phone); the same links. */
function AgentNav({ entries, loading }: { entries: AgentPageKey[]; loading: boolean }) {
  const { t } = useTranslation('agent', { useSuspense: true });
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const listId = useId();
  const unread = useUnreadCount();
  // A navigation closes the phone menu.
  useEffect(() => setOpen(false), [location.pathname]);
  const current = entries.find((k) => location.pathname.toLowerCase() === agentPath(k).toLowerCase());
  const CurrentIcon = current ? NAV_ICONS[current] : LayoutDashboard;
  return (
    <nav className={s.nav} aria-label={t('agent:home.menu')} data-testid="agent-nav">
      <button type="button" className={s.menuToggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)} data-testid="agent-menu-toggle">
        <CurrentIcon size={18} aria-hidden="true" />
        <span className={s.menuCurrent}>{current ? t(`agent:menu.${current}`) : t('agent:centre.start')}</span>
        {!open && current !== 'messageV2' && <UnreadBadge count={unread} data-testid="agent-menu-unread" />}
        {open ? <X size={18} aria-hidden="true" /> : <Menu size={18} aria-hidden="true" />}
      </button>
      <ul id={listId} className={s.navList} data-open={open}>
        <li>
          <NavLink to={paths.agentHome} end className={({ isActive }) => [s.navItem, isActive ? s.active : ''].join(' ')} data-testid="agent-nav-start">
            <LayoutDashboard size={18} aria-hidden="true" />
            <span>{t('agent:centre.start')}</span>
          </NavLink>
        </li>
        {entries.map((key) => {
          const Icon = NAV_ICONS[key];
          return (
            <li key={key}>
              <NavLink to={agentPath(key)} className={({ isActive }) => [s.navItem, isActive ? s.active : ''].join(' ')} data-testid={`agent-nav-${key}`}>
                <Icon size={18} aria-hidden="true" />
                <span>{t(`agent:menu.${key}`)}</span>
                {key === 'messageV2' && <UnreadBadge count={unread} className={s.navBadge} data-testid="agent-nav-unread" />}
              </NavLink>
            </li>
          );
        })}
        {loading && (
          <li aria-hidden="true" className={s.navLoading}>
            <Skeleton height={36} />
          </li>
        )}
      </ul>
    </nav>
  );
}
