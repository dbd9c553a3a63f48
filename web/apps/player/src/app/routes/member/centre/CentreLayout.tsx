// The personal centre (spec section 2): the centre menu beside the page on
// desktop, a horizontally scrollable tab strip above it on phones. Only menu
// entries whose page exists are shown (registry.ts). Trial users get the
// "real account needed" dialog and a notice instead of the page.
import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Award,
  Gift,
  LifeBuoy,
  MessageSquare,
  ReceiptText,
  ScrollText,
  Send,
  Share2,
  ShieldCheck,
  Trophy,
  TrendingUp,
  Wallet,
  type LucideProps,
} from 'lucide-react';
import { Button, EmptyState, Skeleton } from '@/components/ui';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useAppNavigate } from '../../../navigation';
import { useCentreBadges, type CentreBadges } from './badges';
import { CENTRE_MENU_ORDER, CENTRE_PAGES, centrePath, type CentreKey } from './registry';
import s from './CentreLayout.module.css';

const ICONS: Record<CentreKey, ComponentType<LucideProps>> = {
  securityCenter: ShieldCheck,
  responsibleGaming: LifeBuoy,
  transferFund: Wallet,
  depositv2: ArrowDownToLine,
  withdraw: ArrowUpFromLine,
  transferUpline: Send,
  personalHistoryCopy: ScrollText,
  transactionHistory: ReceiptText,
  personalProfit: TrendingUp,
  bonusDetails: Gift,
  rewardCenter: Award,
  referral: Share2,
  missionLeaderboard: Trophy,
  messageV2: MessageSquare,
};

/** Menu entries shown: the security centre plus every registered page, in the spec's order. */
export function visibleEntries(pages: readonly { key: string }[] = CENTRE_PAGES): CentreKey[] {
  const have = new Set<string>(['securityCenter', ...pages.map((p) => p.key)]);
  return CENTRE_MENU_ORDER.filter((k) => have.has(k));
}

export default function CentreLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useAppNavigate();
  const actions = useUiActions();

  // The session can end while a centre page is open (logout, expiry): back to /login.
  useEffect(() => {
    if (!session.loggedIn) navigate(paths.login, { replace: true });
  }, [session.loggedIn, navigate]);

  const asked = useRef(false);
  useEffect(() => {
    if (session.loggedIn && session.isTrial && !asked.current) {
      asked.current = true;
      actions.requireRealAccount();
    }
  }, [session.loggedIn, session.isTrial, actions]);

  if (!session.loggedIn) return null;
  return <CentreFrame trial={session.isTrial}>{children}</CentreFrame>;
}

function CentreFrame({ trial, children }: { trial: boolean; children: ReactNode }) {
  const { t } = useTranslation(['member', 'common'], { useSuspense: true });
  const actions = useUiActions();
  const badges = useCentreBadges();
  return (
    <div className={s.centre} data-testid="centre">
      <CentreMenu badges={trial ? {} : badges} />
      <div className={s.body}>
        {trial ? (
          <div className={s.trial} data-testid="member-page">
            <EmptyState
              icon={<ShieldCheck size={28} strokeWidth={1.75} />}
              title={t('member:trialTitle')}
              description={t('member:centre.trialBody')}
              action={<Button onClick={() => actions.openRegister()}>{t('member:trialRegister')}</Button>}
            />
          </div>
        ) : (
          <Suspense fallback={<CentreFallback />}>{children}</Suspense>
        )}
      </div>
    </div>
  );
}

export function CentreMenu({ badges = {} }: { badges?: CentreBadges }) {
  const { t } = useTranslation('member', { useSuspense: true });
  const active = useRef<HTMLAnchorElement | null>(null);
  // On phones the strip scrolls; keep the current entry in view.
  useEffect(() => {
    active.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  });
  return (
    <nav className={s.menu} aria-label={t('member:centre.menuLabel')} data-testid="centre-menu">
      <ul className={s.list}>
        {visibleEntries().map((key) => {
          const Icon = ICONS[key];
          const count = badges[key] ?? 0;
          return (
            <li key={key}>
              <NavLink
                to={centrePath(key)}
                end
                className={({ isActive }) => [s.link, isActive ? s.active : ''].join(' ')}
                ref={(el) => {
                  if (el?.getAttribute('aria-current') === 'page') active.current = el;
                }}
                data-testid={`centre-menu-${key}`}
              >
                <Icon size={18} aria-hidden="true" className={s.icon} />
                <span className={s.label}>{t(`member:centre.menu.${key}`)}</span>
                {count > 0 && (
                  <span className={s.badge} data-testid={`centre-badge-${key}`} aria-label={t('member:centre.badge', { count })}>
                    {count > 99 ? '99+' : count}
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CentreFallback() {
  return (
    <div className={s.fallback} aria-busy="true">
      <Skeleton width={220} height={28} />
      <Skeleton height={120} />
      <Skeleton height={220} />
    </div>
  );
}
