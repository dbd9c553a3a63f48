// The console's frame: a skip link, the sidebar (the sections the role may
// open, from GET /ops/v1/me), the top bar (operator, language, theme,
// sign-out) and the page. Below 1024 px the sidebar is a drawer.
import { Suspense, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { House, KeyRound, LogOut, Menu, Moon, Sun, X } from 'lucide-react';
import { Button, Spinner } from '@palaro/ui';
import { CONSOLE_LANGUAGES } from '@palaro/i18n/src/console';
import { applyDocumentLanguage } from '@palaro/i18n';
import { useMe } from '@/features/session';
import { useToken } from '@/lib/session';
import { paths } from '@/lib/paths';
import { rememberLanguage } from '@/lib/language';
import { applyTheme, initialTheme, type Theme } from '@/lib/theme';
import { QueryError } from '@/components/ui/QueryError';
import { SCREENS, screenAt } from '../screens';
import { OperatorContext, useSignOut } from './operator';
import s from './Shell.module.css';

export function Shell() {
  const token = useToken();
  const location = useLocation();
  const me = useMe(token);
  const { t } = useTranslation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  if (me.isPending)
    return (
      <div className={s.center}>
        <Spinner label={t('app.loading')} />
      </div>
    );
  if (me.isError)
    return (
      <div className={s.center}>
        <QueryError error={me.error} onRetry={() => me.refetch()} retrying={me.isFetching} />
      </div>
    );
  return (
    <OperatorContext.Provider value={me.data}>
      <Frame />
    </OperatorContext.Provider>
  );
}

function Frame() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [drawer, setDrawer] = useState(false);
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const { signOut, pending } = useSignOut();
  const me = useMe(useToken()).data!;

  useEffect(() => setDrawer(false), [location.pathname]);
  useEffect(() => {
    const screen = screenAt(location.pathname);
    const title = screen ? t(screen.label, { ns: screen.ns }) : location.pathname.startsWith(paths.sessions) ? t('nav.sessions') : t('nav.home');
    document.title = `${title} · ${t('app.name')}`;
  }, [location.pathname, t]);

  const nav = [
    { to: paths.home, label: t('nav.home'), icon: House, show: true },
    ...SCREENS.map((sc) => ({ to: sc.path, label: t(sc.label, { ns: sc.ns }), icon: sc.icon, show: sc.allowed(me.permissions) })),
    { to: paths.sessions, label: t('nav.sessions'), icon: KeyRound, show: true },
  ].filter((n) => n.show);

  const switchTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    applyTheme(next, true);
  };
  const switchLanguage = (lang: string) => {
    rememberLanguage(lang);
    void i18n.changeLanguage(lang).then(() => applyDocumentLanguage(lang));
  };

  return (
    <div className={s.shell} data-drawer={drawer ? 'open' : 'closed'}>
      <a href="#main" className={s.skip}>
        {t('app.skip')}
      </a>
      <aside className={s.side} id="console-nav">
        <div className={s.brand}>
          <span className={s.logo} aria-hidden="true">
            P
          </span>
          <span>{t('app.name')}</span>
          <button type="button" className={s.drawerClose} aria-label={t('nav.closeMenu')} onClick={() => setDrawer(false)}>
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        <nav aria-label={t('nav.label')}>
          <ul className={s.navList}>
            {nav.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.to === paths.home} className={({ isActive }) => [s.navLink, isActive ? s.active : ''].join(' ')}>
                  <n.icon size={18} aria-hidden="true" />
                  <span>{n.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={s.scrim} aria-hidden="true" onClick={() => setDrawer(false)} />
      <div className={s.body}>
        <header className={s.top}>
          <button type="button" className={s.menu} aria-label={t('nav.menu')} aria-expanded={drawer} aria-controls="console-nav" onClick={() => setDrawer(true)}>
            <Menu size={20} aria-hidden="true" />
          </button>
          <p className={s.who}>{t('top.operator', { username: me.username, role: t(`roles.${me.role}`, { defaultValue: me.role }) })}</p>
          <div className={s.tools}>
            <label className={s.lang}>
              <span className="sr-only">{t('top.language')}</span>
              <select value={i18n.language} onChange={(e) => switchLanguage(e.target.value)}>
                {CONSOLE_LANGUAGES.map((l) => (
                  <option key={l.code} value={l.code} lang={l.bcp47}>
                    {l.native}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={s.iconBtn} onClick={switchTheme} aria-label={theme === 'dark' ? t('top.toLight') : t('top.toDark')}>
              {theme === 'dark' ? <Sun size={18} aria-hidden="true" /> : <Moon size={18} aria-hidden="true" />}
            </button>
            <Button variant="secondary" size="sm" icon={<LogOut size={16} aria-hidden="true" />} loading={pending} onClick={signOut}>
              {t('top.signOut')}
            </Button>
          </div>
        </header>
        <main id="main" className={s.main} tabIndex={-1}>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
