// /agent: the agent login landing, with its own layout (no storefront header,
// footer or side menu; spec section 2): brand logo, the login form, the
// marketing points and the advisory hours. An agent who is already logged in
// goes straight to /agentHome.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { Link, useLocation } from 'react-router';
import { BarChart3, Clock, GraduationCap, House, KeyRound, Megaphone } from 'lucide-react';
import { Button, buttonClassName } from '@/components/ui';
import { BrandLogo } from '@/components/ui/BrandLogo';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useBrandInfo } from '../../brand';
import { LanguageSelector } from '../../layout/LanguageSelector';
import { ThemeToggle } from '../../layout/ThemeToggle';
import { useAppNavigate } from '../../navigation';
import { AgentLogin } from './AgentLogin';
import type { AgentLandingState } from './centre/AgentCentre';
import { AgentSuspense } from './Fallback';
import s from './AgentLanding.module.css';

const POINTS = [
  { key: 'promotion', icon: Megaphone },
  { key: 'expert', icon: GraduationCap },
  { key: 'reports', icon: BarChart3 },
] as const;

export default function AgentLanding() {
  return (
    <AgentSuspense>
      <AgentLandingPage />
    </AgentSuspense>
  );
}

function AgentLandingPage() {
  const { t } = useTranslation(['agent', 'layout'], { useSuspense: true });
  const info = useBrandInfo();
  const session = useSession();
  const actions = useUiActions();
  const navigate = useAppNavigate();
  // Set by a login whose password must change first: stay here until it has.
  const [mustChange, setMustChange] = useState(false);
  // Sent here from the agent centre by a session that is not an agent's (spec section 8: not an agent).
  const notAgent = !!(useLocation().state as AgentLandingState | null)?.notAgent && session.loggedIn && !session.isAgent;

  useEffect(() => {
    if (session.loggedIn && session.isAgent && !session.loading && !mustChange) navigate(paths.agentHome, { replace: true });
  }, [session.loggedIn, session.isAgent, session.loading, mustChange, navigate]);

  // The session ended (logout, expiry) while waiting for the password change.
  useEffect(() => {
    if (!session.loggedIn) setMustChange(false);
  }, [session.loggedIn]);

  const loggedIn = (expired: boolean) => {
    if (expired) setMustChange(true);
    else navigate(paths.agentHome);
  };

  return (
    <div className={s.page} data-testid="agent-landing">
      <header className={s.top}>
        <Link to={paths.home} className={s.logo} aria-label={t('layout:header.homeLink', { brand: info.brandName })}>
          {info.theme?.logoUrl ? <BrandLogo theme={info.theme} alt="" height={34} /> : <span className={s.wordmark}>{info.brandName}</span>}
        </Link>
        <div className={s.topActions}>
          <Link to={paths.home} className={buttonClassName({ variant: 'ghost', size: 'sm' })} aria-label={t('agent:backHome')}>
            <House size={16} aria-hidden="true" />
            <span className={s.hideSmall}>{t('agent:backHome')}</span>
          </Link>
          <LanguageSelector />
          <ThemeToggle />
        </div>
      </header>

      <main className={s.main} id="main">
        <section className={s.hero} aria-labelledby="agent-hero-title">
          <p className={s.kicker}>{t('agent:kicker')}</p>
          <h1 id="agent-hero-title" className={s.heroTitle}>
            {t('agent:heroTitle', { brand: info.brandName })}
          </h1>
          <p className={s.heroLead}>{t('agent:heroLead')}</p>
          <ul className={s.points}>
            {POINTS.map(({ key, icon: Icon }) => (
              <li key={key} className={s.point} data-testid={`agent-point-${key}`}>
                <span className={s.pointIcon} aria-hidden="true">
                  <Icon size={22} />
                </span>
                <div>
                  <h2 className={s.pointTitle}>{t(`agent:points.${key}.title`)}</h2>
                  <p className={s.pointBody}>{t(`agent:points.${key}.body`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className={s.hours} data-testid="agent-hours">
            <Clock size={18} aria-hidden="true" />
            <span>
              <strong>{t('agent:hoursTitle')}</strong> {t('agent:hours', { from: '12:00', to: '21:00' })}
            </span>
          </p>
        </section>

        <section className={s.card} aria-labelledby="agent-login-title">
          <h2 id="agent-login-title" className={s.cardTitle}>
            {t('agent:login.title')}
          </h2>
          <p className={s.cardLead}>{t('agent:login.lead')}</p>
          {notAgent && (
            <p className={s.notAgent} role="alert" data-testid="agent-not-agent">
              {t('agent:centre.notAgent')}
            </p>
          )}
          {mustChange && session.loggedIn ? (
            <div className={s.mustChange} data-testid="agent-must-change">
              <p>{t('agent:login.mustChange')}</p>
              <Button block icon={<KeyRound size={18} aria-hidden="true" />} onClick={() => actions.openChangePassword({ forced: true })}>
                {t('agent:login.changeNow')}
              </Button>
            </div>
          ) : (
            <AgentLogin onLoggedIn={loggedIn} />
          )}
        </section>
      </main>
      <footer className={s.foot}>
        <p>{t('agent:footer', { brand: info.brandName, year: formatDate(Date.now()).slice(0, 4) })}</p>
      </footer>
    </div>
  );
}
