// /login, /register and /help: the home page with a popup opened on load
// (spec section 2). /login also moves to / so a reload does not reopen it.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSessionState, useUiActions } from '@/lib/ui-actions';
import { paths } from '@/lib/paths';
import { useAppNavigate } from '../navigation';
import HomeRoute from './home';

export type HomeWithPopupProps = { popup: 'login' | 'register' | 'help' };

export default function HomeWithPopup({ popup }: HomeWithPopupProps) {
  const actions = useUiActions();
  const { loggedIn } = useSessionState();
  const navigate = useAppNavigate();
  const { hash } = useLocation();
  const section = decodeURIComponent(hash.replace(/^#/, ''));

  useEffect(() => {
    if (popup === 'login') {
      // A member who lands on /login (e.g. an old bookmark) just goes home.
      if (!loggedIn) actions.openLogin();
      navigate(paths.home, { replace: true });
    } else if (popup === 'register') {
      actions.openRegister();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [popup]);

  useEffect(() => {
    if (popup === 'help') actions.openHelp(section || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [popup, section]);

  return <HomeRoute />;
}
