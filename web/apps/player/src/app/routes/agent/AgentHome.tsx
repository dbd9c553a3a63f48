// /agentHome: the agent centre (spec section 2). Its own shell: a header with
// the browser's GMT offset, a clock that ticks every second, the agent's
// nickname and sign out (back to /agent); a left menu with the entries that
// exist today; and the agent's own data: the invitation code and the
// registration link to share, each with a copy button. Visitors and
// non-agents go to /agent.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Clock3, Copy, Headset, Link2, LogOut, Ticket, UserPlus } from 'lucide-react';
import { Button, Dialog, Skeleton } from '@/components/ui';
import { BrandLogo } from '@/components/ui/BrandLogo';
import { openCustomerService, primaryCustomerService } from '@/features/system/lib/customerService';
import { logout, useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useBrandInfo } from '../../brand';
import { ThemeToggle } from '../../layout/ThemeToggle';
import { useAppNavigate } from '../../navigation';
import { clockText, gmtOffset, useNow } from './clock';
import { copyText, registrationLink } from './copy';
import { AgentSuspense } from './Fallback';
import s from './AgentHome.module.css';

export default function AgentHome() {
  return (
    <AgentSuspense>
      <AgentHomePage />
    </AgentSuspense>
  );
}

function AgentHomePage() {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const session = useSession();
  const navigate = useAppNavigate();
  const [leaving, setLeaving] = useState(false);

  // Visitors (or a session that ended) and non-agents belong on /agent.
  const known = session.loggedIn && !session.loading && !!session.info;
  useEffect(() => {
    if (leaving) return;
    if (!session.loggedIn || (known && !session.isAgent)) navigate(paths.agent, { replace: true });
  }, [session.loggedIn, session.isAgent, known, leaving, navigate]);

  const signOut = async () => {
    setLeaving(true);
    await logout();
    navigate(paths.agent, { replace: true });
  };

  // Nothing of the centre shows before the session says "agent" (the stored flag counts while info loads).
  if (!session.loggedIn || !session.isAgent) return null;
  const info = session.info;

  return (
    <div className={s.shell} data-testid="agent-home">
      <AgentHeader nickname={info?.nickname || info?.account} onSignOut={signOut} leaving={leaving} />
      <div className={s.body}>
        <AgentNav />
        <main className={s.main} id="main">
          <section className={s.welcome} aria-labelledby="agent-welcome">
            <h1 id="agent-welcome" className={s.welcomeTitle}>
              {info ? t('agent:home.welcome', { name: info.nickname || info.account }) : <Skeleton width={260} height={28} />}
            </h1>
            <dl className={s.facts}>
              <Fact label={t('agent:home.account')} value={info?.account} testId="agent-account" />
              <Fact
                label={t('agent:home.lastLogin')}
                value={info ? (info.lastLoginTime ? formatDateTime(info.lastLoginTime) : '—') : undefined}
                testId="agent-last-login"
              />
              <Fact label={t('agent:home.memberSince')} value={info ? formatDateTime(info.createdTime).slice(0, 10) : undefined} testId="agent-since" />
            </dl>
          </section>
          <Invitation code={info?.affiliateCode} loading={!info} />
        </main>
      </div>
    </div>
  );
}

function AgentHeader({ nickname, onSignOut, leaving }: { nickname?: string; onSignOut: () => void; leaving: boolean }) {
  const { t } = useTranslation(['agent', 'layout'], { useSuspense: true });
  const info = useBrandInfo();
  const now = useNow();
  return (
    <header className={s.header}>
      <Link to={paths.home} className={s.logo} aria-label={t('layout:header.homeLink', { brand: info.brandName })}>
        {info.theme?.logoUrl ? <BrandLogo theme={info.theme} alt="" height={30} /> : <span className={s.wordmark}>{info.brandName}</span>}
      </Link>
      <span className={s.centreName}>{t('agent:home.title')}</span>
      <div className={s.clock} aria-label={t('agent:home.clock')}>
        <Clock3 size={16} aria-hidden="true" />
        <span className={s.gmt} data-testid="agent-gmt">
          {gmtOffset(now)}
        </span>
        <time className={s.time} dateTime={now.toISOString()} data-testid="agent-clock">
          {clockText(now)}
        </time>
      </div>
      <div className={s.user}>
        <span className={s.nickname} data-testid="agent-nickname">
          {nickname ?? <Skeleton width={90} height={16} />}
        </span>
        <ThemeToggle />
        <Button variant="ghost" size="sm" icon={<LogOut size={16} aria-hidden="true" />} onClick={onSignOut} loading={leaving} aria-label={t('agent:home.signOut')} data-testid="agent-signout">
          <span className={s.hideSmall}>{t('agent:home.signOut')}</span>
        </Button>
      </div>
    </header>
  );
}

/** The spec's agent-centre menu, limited to what works today. */
function AgentNav() {
  const { t } = useTranslation('agent', { useSuspense: true });
  const info = useBrandInfo();
  const navigate = useAppNavigate();
  const cs = primaryCustomerService(info.customerService);
  return (
    <nav className={s.nav} aria-label={t('agent:home.menu')} data-testid="agent-nav">
      <ul>
        <li>
          <a href="#invitation" className={s.navItem} aria-current="page">
            <UserPlus size={18} aria-hidden="true" />
            <span>{t('agent:menu.registerCenter')}</span>
          </a>
        </li>
        {cs && (
          <li>
            <button type="button" className={s.navItem} onClick={() => openCustomerService(info.customerService, navigate)}>
              <Headset size={18} aria-hidden="true" />
              <span>{t('agent:menu.customerService')}</span>
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Invitation({ code, loading }: { code?: string; loading: boolean }) {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const [failed, setFailed] = useState(false);
  const link = code ? registrationLink(window.location.origin, code) : '';

  const copy = async (what: 'code' | 'link') => {
    const ok = await copyText(what === 'code' ? code! : link);
    setFailed(!ok);
    setCopied(what);
  };

  return (
    <section id="invitation" className={s.card} aria-labelledby="agent-invitation" data-testid="agent-invitation">
      <h2 id="agent-invitation" className={s.cardTitle}>
        <UserPlus size={20} aria-hidden="true" />
        {t('agent:menu.registerCenter')}
      </h2>
      <p className={s.cardLead}>{t('agent:home.invitationLead')}</p>
      {loading ? (
        <Skeleton height={88} radius="card" />
      ) : code ? (
        <div className={s.shares}>
          <Share icon={<Ticket size={18} />} label={t('agent:home.code')} value={code} big testId="agent-code" onCopy={() => copy('code')} copyLabel={t('agent:home.copyCode')} />
          <Share icon={<Link2 size={18} />} label={t('agent:home.link')} value={link} testId="agent-link" onCopy={() => copy('link')} copyLabel={t('agent:home.copyLink')} />
        </div>
      ) : (
        <p className={s.none} data-testid="agent-no-code">
          {t('agent:home.noCode')}
        </p>
      )}
      <Dialog
        open={copied !== null}
        onClose={() => setCopied(null)}
        title={failed ? t('agent:home.copyFailedTitle') : t('agent:home.copiedTitle')}
        size="sm"
        alert
        data-testid="agent-copied"
        footer={
          <Button onClick={() => setCopied(null)} data-autofocus>
            {t('common:confirm')}
          </Button>
        }
      >
        <p className={s.copiedText}>
          {failed ? t('agent:home.copyFailed') : copied === 'code' ? t('agent:home.copiedCode', { code }) : t('agent:home.copiedLink')}
        </p>
        {failed && <p className={s.copiedValue}>{copied === 'code' ? code : link}</p>}
      </Dialog>
    </section>
  );
}

function Share({
  icon,
  label,
  value,
  big,
  testId,
  onCopy,
  copyLabel,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  big?: boolean;
  testId: string;
  onCopy: () => void;
  copyLabel: string;
}) {
  return (
    <div className={s.share}>
      <span className={s.shareIcon} aria-hidden="true">
        {icon}
      </span>
      <div className={s.shareText}>
        <span className={s.shareLabel}>{label}</span>
        <span className={big ? s.shareBig : s.shareValue} data-testid={testId}>
          {value}
        </span>
      </div>
      <Button variant="outline" size="sm" icon={<Copy size={16} aria-hidden="true" />} onClick={onCopy} data-testid={`${testId}-copy`}>
        {copyLabel}
      </Button>
    </div>
  );
}

function Fact({ label, value, testId }: { label: string; value?: string; testId: string }) {
  return (
    <div className={s.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value ?? <Skeleton width={120} height={16} />}</dd>
    </div>
  );
}
