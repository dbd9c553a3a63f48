// Header (64 px): logo, navigation with vendor drop-downs; for visitors the
// login form and register button, for members the balance area, account name,
// avatar and member menu; the language selector and theme switch.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Menu } from 'lucide-react';
import { IconButton } from '@/components/ui/IconButton';
import { useSession } from '@/lib/session';
import { isSwitchOn } from '@/features/system/api/status';
import { useUiActions } from '@/lib/ui-actions';
import { paths } from '@/lib/paths';
import { useBrandInfo } from '../brand';
import { HeaderNav } from './HeaderNav';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';
import { LanguageSelector } from './LanguageSelector';
import { LoginStrip } from './LoginStrip';
import { prefetchOnIntent } from '../modals/prefetch';
import { ThemeToggle } from './ThemeToggle';
import s from './Header.module.css';
import { BrandLogo } from '@/components/ui/BrandLogo';

// Members only: visitors never download the member menu.
const MemberMenu = lazy(() => import('./MemberMenu').then((m) => ({ default: m.MemberMenu })));

export type HeaderProps = { onOpenDrawer: () => void; drawerOpen: boolean };

export function Header({ onOpenDrawer, drawerOpen }: HeaderProps) {
  const { t, i18n } = useTranslation('layout');
  const info = useBrandInfo();
  const { openLogin, openRegister } = useUiActions();
  const canRegister = isSwitchOn(info.whitelabel, 'DIRECTREG3');
  const phone = useMediaQuery(PHONE_QUERY);
  const { loggedIn } = useSession();
  return (
    <header className={s.header}>
      <IconButton
        className={s.menuBtn}
        label={t('layout:header.openMenu')}
        icon={<Menu size={22} aria-hidden="true" />}
        onClick={onOpenDrawer}
        aria-expanded={drawerOpen}
        aria-controls="side-menu"
        data-testid="drawer-toggle"
      />
      <Link to={paths.home} className={s.logo} aria-label={t('layout:header.homeLink', { brand: info.brandName })}>
        {info.theme?.logoUrl ? <BrandLogo theme={info.theme} alt="" height={32} /> : <span className={s.wordmark}>{info.brandName}</span>}
      </Link>
      {/* Phones hide the header navigation (the drawer has the categories): not rendered there at all. */}
      {!phone && (
        <div className={s.nav}>
          <HeaderNav />
        </div>
      )}
      <div className={s.actions} data-header-fit="actions">
        {loggedIn ? (
          <Suspense fallback={<span className={s.memberPending} aria-hidden="true" />}>
            <MemberMenu compact={phone} />
          </Suspense>
        ) : (
          <>
            <LoginStrip canRegister={canRegister} className={s.loginStrip} />
            <div className={s.compactAuth}>
              <button type="button" className={s.authBtn} onClick={openLogin} {...prefetchOnIntent('login', i18n)} data-testid="header-login-compact">
                {t('layout:auth.login')}
              </button>
              {canRegister && (
                <button type="button" className={[s.authBtn, s.authPrimary].join(' ')} onClick={openRegister} {...prefetchOnIntent('register', i18n)} data-testid="header-register-compact">
                  {t('layout:auth.register')}
                </button>
              )}
            </div>
          </>
        )}
        <LanguageSelector className={s.lang} />
        <ThemeToggle className={s.theme} />
      </div>
    </header>
  );
}
