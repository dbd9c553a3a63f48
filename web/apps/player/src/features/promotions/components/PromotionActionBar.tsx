// A promotion's real status for the viewer and its action (docs/rewards.md
// "Promotion statuses"): Join, Apply (the application dialog), Claim (in the
// reward centre); closed, coming-soon and claimed promotions show a disabled
// button; visitors are asked to log in, trial users for a real account.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, Gift, Hourglass, XCircle } from 'lucide-react';
import { Button, buttonClassName, errorMessage } from '@/components/ui';
import { formatMinor } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSessionState, useUiActions } from '@/lib/ui-actions';
import { joinPromotion, PROMOTIONS_QUERY_ROOT, takeRaffleTicket, type PromotionView } from '../api/promotions';
import s from './promotions.module.css';

const ApplyDialog = lazy(() => import('./ApplyDialog').then((m) => ({ default: m.ApplyDialog })));

export type PromotionActionBarProps = { view: PromotionView; currency: string; decimals: number };

const ICONS: Partial<Record<PromotionView['status'], typeof Gift>> = {
  CLAIM: Gift,
  CLAIMED: CheckCircle2,
  ISSUED: CheckCircle2,
  PROCESS: Hourglass,
  REJECTED: XCircle,
  CLOSE: XCircle,
  COMING_SOON: Clock,
  JOINED: CheckCircle2,
};

/** One line of the promotion's terms in the viewer's language. */
function useTerms(v: PromotionView, currency: string, decimals: number): string {
  const { t } = useTranslation('promotions', { useSuspense: true });
  const money = (minor: number) => `${currency} ${formatMinor(minor, decimals)}`;
  const pct = (bp: number) => `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;
  const kind = v.rewardKind === 'BONUS' ? t('terms.bonus', { multiple: v.wagerMultiple }) : t('terms.cash');
  switch (v.type) {
    case 'RELOAD':
      return t('terms.RELOAD', { percent: pct(v.percent), cap: money(v.cap), min: money(v.minDeposit), often: t(`often.${v.frequency}`), kind });
    case 'FIXED':
      return t('terms.FIXED', { amount: money(v.amount), often: t(`often.${v.frequency}`), kind });
    case 'CASHBACK':
      return t('terms.CASHBACK', { cap: money(v.cap), period: t(`often.${v.frequency}`), kind });
    case 'RAFFLE':
      return t('terms.RAFFLE', {
        winners: v.winners ?? 0,
        amount: money(v.amount),
        often: t(`often.${v.frequency}`),
        draw: new Date(v.endsAt).toLocaleString(),
        kind,
      });
    default:
      return t('terms.APPLICATION', { cap: money(v.cap), often: t(`often.${v.frequency}`), kind });
  }
}

export function PromotionActionBar({ view: v, currency, decimals }: PromotionActionBarProps) {
  const { t } = useTranslation(['promotions', 'errors'], { useSuspense: true });
  const { loggedIn } = useSessionState();
  const { requireLogin, requireRealAccount } = useUiActions();
  const qc = useQueryClient();
  const [applying, setApplying] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string; claim?: boolean } | null>(null);
  const terms = useTerms(v, currency, decimals);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: PROMOTIONS_QUERY_ROOT });
    void qc.invalidateQueries({ queryKey: ['rewards'] });
  };
  const join = useMutation({
    mutationFn: () => joinPromotion(v.id),
    onSuccess: (r) => {
      setNotice({ tone: 'ok', text: t(r.issued ? 'promotions:notice.issued' : 'promotions:notice.joined'), claim: r.issued });
      refresh();
    },
    onError: (e) => {
      setNotice({ tone: 'error', text: errorMessage(t, e) });
      refresh();
    },
  });
  const ticket = useMutation({
    mutationFn: () => takeRaffleTicket(v.id),
    onSuccess: () => {
      setNotice({ tone: 'ok', text: t('promotions:notice.ticket') });
      refresh();
    },
    onError: (e) => {
      setNotice({ tone: 'error', text: errorMessage(t, e) });
      refresh();
    },
  });
  const gate = () => (loggedIn ? requireRealAccount() : requireLogin());
  const Icon = ICONS[v.status];
  const reason =
    v.status === 'CLOSE' && v.reason
      ? t(`promotions:reason.${v.reason}`)
      : v.status === 'REJECTED' && v.reason
        ? t('promotions:rejectedBecause', { reason: v.reason })
        : v.status === 'ISSUED'
          ? t('promotions:reason.expired')
          : undefined;

  let action: React.ReactNode;
  switch (v.action) {
    case 'JOIN':
      action = (
        <Button loading={join.isPending} onClick={() => gate() && join.mutate()} data-testid={`promo-join-${v.articleId}`}>
          {t('promotions:action.JOIN')}
        </Button>
      );
      break;
    case 'TICKET':
      action = (
        <Button loading={ticket.isPending} onClick={() => gate() && ticket.mutate()} data-testid={`promo-ticket-${v.articleId}`}>
          {t('promotions:action.TICKET')}
        </Button>
      );
      break;
    case 'APPLY':
      action = (
        <Button onClick={() => gate() && setApplying(true)} data-testid={`promo-apply-${v.articleId}`}>
          {t('promotions:action.APPLY')}
        </Button>
      );
      break;
    case 'CLAIM':
      action = (
        <Link to={paths.rewardCenter} className={buttonClassName({ variant: 'primary' })} data-testid={`promo-claim-${v.articleId}`}>
          {t('promotions:action.CLAIM')}
        </Link>
      );
      break;
    default:
      action = (
        <Button variant="secondary" disabled>
          {t(`promotions:status.${v.status}`)}
        </Button>
      );
  }

  return (
    <div className={s.bar} data-status={v.status} data-testid={`promo-status-${v.articleId}`}>
      <p className={s.terms}>{terms}</p>
      <div className={s.row}>
        <span className={s.chip} data-status={v.status}>
          {Icon && <Icon size={14} aria-hidden="true" />}
          {t(`promotions:status.${v.status}`)}
        </span>
        {action}
      </div>
      {reason && <p className={s.reason}>{reason}</p>}
      {v.type === 'RAFFLE' && v.seedHash && (
        <p className={s.proof}>
          {v.seed ? t('promotions:raffle.seed', { seed: v.seed, hash: v.seedHash }) : t('promotions:raffle.commit', { hash: v.seedHash })}
        </p>
      )}
      {!loggedIn && (v.action === 'JOIN' || v.action === 'APPLY' || v.action === 'TICKET') && <p className={s.reason}>{t('promotions:loginFirst')}</p>}
      {notice && (
        <p className={s.notice} data-tone={notice.tone} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
          {notice.claim && (
            <Link to={paths.rewardCenter} className={s.noticeLink}>
              {t('promotions:action.CLAIM')}
            </Link>
          )}
        </p>
      )}
      {applying && (
        <Suspense fallback={null}>
          <ApplyDialog
            promotionId={v.id}
            title={v.title}
            open={applying}
            onClose={() => setApplying(false)}
            onApplied={() => {
              setApplying(false);
              setNotice({ tone: 'ok', text: t('promotions:notice.applied') });
              refresh();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
