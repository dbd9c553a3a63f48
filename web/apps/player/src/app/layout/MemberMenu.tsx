// The logged-in part of the header (spec section 2): balance area, account
// name, avatar, and the member menu: agent centre (agents only), my account
// (security centre), reward centre (with its red count), help centre, sign out. Menu entries for pages that do not
// exist yet are left out (deposit and withdraw arrive with the cashier pages).
// The balance (features/wallet) is hidden on game pages; phones show it
// compactly in the header and in full in the menu.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Award, ChevronDown, CircleHelp, LogOut, ShieldCheck, Store, UserRound } from 'lucide-react';
import { favouriteIdsQuery, favouriteListQuery, recentGamesQuery } from '@/features/catalog/api/favourites';
import { useLanguage } from '@/features/catalog/hooks/useLanguage';
import { MessagesMenuItem, NoticeToasts, UnreadBadge, useUnreadCount } from '@/features/messages';
import { useRewardCount } from '@/features/rewards/hooks/useRewardCount';
import { useSession } from '@/lib/session';
import { BalanceDisplay, isGamePagePath } from '@/features/wallet';
import { apiGet } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useAppNavigate } from '../navigation';
import { CashierShortcuts } from './CashierShortcuts';
import s from './MemberMenu.module.css';

/** GET /wps/member/info/icon: a data: URL (generated initials) or the chosen avatar's URL. */
export function avatarQuery(token: string | undefined) {
  return {
    queryKey: ['member', 'icon', token ?? ''],
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<{ icon: string; custom: boolean }>('/wps/member/info/icon', undefined, signal),
    enabled: !!token,
    staleTime: 10 * 60_000,
  } as const;
}

export function Avatar({ className }: { className?: string }) {
  const { token } = useSession();
  const icon = useQuery(avatarQuery(token));
  const [failed, setFailed] = useState(false);
  const src = icon.data?.icon;
  useEffect(() => setFailed(false), [src]);
  return (
    <span className={[s.avatar, className ?? ''].join(' ')} aria-hidden="true">
      {src && !failed ? (
        <img src={src} alt="" width={32} height={32} onError={() => setFailed(true)} data-testid="header-avatar" />
      ) : (
        // The error avatar (spec section 8) and the placeholder while loading.
        <UserRound size={18} data-testid={failed ? 'header-avatar-error' : undefined} />
      )}
    </span>
  );
}

export function MemberMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const session = useSession();
  const actions = useUiActions();
  const navigate = useAppNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const showBalance = !isGamePagePath(useLocation().pathname);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const name = session.info?.nickname || session.info?.account || '';
  const account = session.info?.account || '';
  const unread = useUnreadCount();
  const rewards = useRewardCount();
  usePrefetchAccountGames(session.loggedIn ? session.token : undefined);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const pick = (fn: () => void) => () => {
    setOpen(false);
    button.current?.focus();
    fn();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => items[(n + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
    else return;
    e.preventDefault();
  };

  return (
    <div className={s.root} ref={root} data-testid="member-area">
      <NoticeToasts />
      {showBalance && <BalanceDisplay variant={compact ? 'compact' : 'header'} data-testid="header-balance" />}
      {showBalance && <CashierShortcuts compact={compact} />}
      <button
        ref={button}
        type="button"
        className={s.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('layout:member.open', { name: name || account })}
        onClick={() => setOpen((o) => !o)}
        data-testid="member-menu-button"
        style={{ position: 'relative' }}
      >
        <Avatar />
        <UnreadBadge count={unread} floating data-testid="member-menu-unread" />
        {!compact && (
          <span className={s.name} title={account} data-testid="header-account">
            {account}
          </span>
        )}
        {!compact && <ChevronDown size={16} aria-hidden="true" className={s.chev} />}
      </button>
      {open && (
        <div id={`${id}-menu`} ref={menu} role="menu" aria-label={t('layout:member.menuLabel')} className={s.menu} onKeyDown={onMenuKey} data-testid="member-menu">
          <div className={s.head}>
            <Avatar className={s.headAvatar} />
            <div className={s.who}>
              <p className={s.whoName}>{name}</p>
              <p className={s.whoAccount}>
                {account}
                {session.isAgent && <span className={s.badge}>{t('layout:member.agentBadge')}</span>}
                {session.isTrial && <span className={[s.badge, s.trial].join(' ')}>{t('layout:member.trialBadge')}</span>}
              </p>
              <p className={s.last} data-testid="member-last-login">
                {session.previousLoginTime
                  ? t('layout:member.lastLogin', { time: formatDateTime(session.previousLoginTime) })
                  : session.firstTimeLogin
                    ? t('layout:member.firstLogin')
                    : null}
              </p>
            </div>
          </div>
          {compact && showBalance && <BalanceDisplay variant="menu" data-testid="menu-balance" />}
          <div className={s.items}>
            {session.isAgent && (
              <button type="button" role="menuitem" tabIndex={-1} className={s.item} onClick={pick(() => navigate(paths.agentHome))} data-testid="menu-agent-centre">
                <Store size={18} aria-hidden="true" />
                {t('layout:member.agentCentre')}
              </button>
            )}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={s.item}
              onClick={pick(() => actions.requireRealAccount() && navigate(paths.member))}
              data-testid="menu-my-account"
            >
              <ShieldCheck size={18} aria-hidden="true" />
              <span className={s.itemText}>
                {t('layout:member.myAccount')}
                <small>{t('layout:member.securityHint')}</small>
              </span>
            </button>
            {!session.isTrial && (
              <button type="button" role="menuitem" tabIndex={-1} className={s.item} onClick={pick(() => navigate(paths.rewardCenter))} data-testid="menu-rewards">
                <Award size={18} aria-hidden="true" />
                <span className={s.grow}>{t('layout:member.rewardCentre')}</span>
                {rewards > 0 && (
                  <span className={s.count} data-testid="menu-rewards-count">
                    <span aria-hidden="true">{rewards > 99 ? '99+' : rewards}</span>
                    <span className="sr-only">{t('layout:member.rewardsWaiting', { n: rewards })}</span>
                  </span>
                )}
              </button>
            )}
            {!session.isTrial && <MessagesMenuItem count={unread} className={s.item} onSelect={pick(() => navigate(paths.messages))} />}
            <button type="button" role="menuitem" tabIndex={-1} className={s.item} onClick={pick(() => actions.openHelp())} data-testid="menu-help">
              <CircleHelp size={18} aria-hidden="true" />
              {t('layout:member.help')}
            </button>
            <hr className={s.sep} />
            <button type="button" role="menuitem" tabIndex={-1} className={[s.item, s.signOut].join(' ')} onClick={pick(actions.confirmLogout)} data-testid="menu-sign-out">
              <LogOut size={18} aria-hidden="true" />
              {t('layout:member.signOut')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Spec section 4: on login, favourites and recent games load. The member menu
 * mounts with every session, so it warms the caches the tiles (favourite
 * stars), the home sections and /favorite and /recent read from.
 */
function usePrefetchAccountGames(token: string | undefined) {
  const qc = useQueryClient();
  const language = useLanguage();
  useEffect(() => {
    if (!token) return;
    void qc.prefetchQuery(favouriteIdsQuery());
    void qc.prefetchQuery(favouriteListQuery(language));
    void qc.prefetchQuery(recentGamesQuery(language));
  }, [qc, token, language]);
}
