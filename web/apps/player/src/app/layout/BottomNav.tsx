// Phone bottom navigation (60 px): Home, Games (opens the drawer with the
// categories), Promotions, Account (login for visitors, the real-account
// dialog for trial users).
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Gift, House, LayoutGrid, UserRound } from 'lucide-react';
import { paths } from '@/lib/paths';
import { useUiActions, useSessionState } from '@/lib/ui-actions';
import { useAppNavigate } from '../navigation';
import { prefetchOnIntent } from '../modals/prefetch';
import s from './BottomNav.module.css';

export function BottomNav({ onGames, gamesOpen }: { onGames: () => void; gamesOpen: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const { openLogin, requireRealAccount } = useUiActions();
  const { loggedIn } = useSessionState();
  const navigate = useAppNavigate();
  const cls = ({ isActive }: { isActive: boolean }) => [s.item, isActive ? s.active : ''].join(' ');
  return (
    <nav className={s.bar} aria-label={t('layout:bottom.label')} data-testid="bottom-nav">
      <NavLink to={paths.home} end className={cls}>
        <House size={22} aria-hidden="true" />
        <span>{t('layout:nav.HOME')}</span>
      </NavLink>
      <button type="button" className={[s.item, gamesOpen ? s.active : ''].join(' ')} onClick={onGames} aria-expanded={gamesOpen} aria-controls="side-menu">
        <LayoutGrid size={22} aria-hidden="true" />
        <span>{t('layout:bottom.games')}</span>
      </button>
      <NavLink to={paths.promotions()} className={cls}>
        <Gift size={22} aria-hidden="true" />
        <span>{t('layout:nav.PROMOTIONS')}</span>
      </NavLink>
      <button type="button" className={s.item} {...(loggedIn ? {} : prefetchOnIntent('login', i18n))} onClick={() => {
          if (!loggedIn) openLogin();
          else if (requireRealAccount()) navigate(paths.member); // trial users get the real-account dialog
        }}>
        <UserRound size={22} aria-hidden="true" />
        <span>{t('layout:bottom.account')}</span>
      </button>
    </nav>
  );
}
