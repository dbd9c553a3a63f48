// /member/bonusDetails: the active bonus (granted amount, bonus balance,
// wagering progress, max bet, conversion cap, how each game category counts,
// expiry) with "Cancel bonus", and the bonuses that ended and how.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Gift, Hourglass } from 'lucide-react';
import { Button, Dialog, EmptyState, ErrorState, Skeleton, buttonClassName, errorMessage } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { bonusQuery, cancelBonus, type Grant } from '../api/bonus';
import { REWARDS_QUERY_ROOT } from '../api/rewards';
import { defaultFormatMoney, type FormatMoney } from '../lib/money';
import { useActionKeys, useNow } from '../lib/submit';
import { basisPointsPercent, remaining, sortedWeights, wagerPercent } from '../lib/terms';
import { BonusHistory } from './BonusHistory';
import s from './rewards.module.css';

export type BonusDetailsProps = {
  formatMoney?: FormatMoney;
  /** Called after the bonus was cancelled (the route refreshes the header balance). */
  onMoneyMoved?: () => void;
};

export function BonusDetails({ formatMoney = defaultFormatMoney, onMoneyMoved }: BonusDetailsProps) {
  const { t } = useTranslation(['rewards', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const q = useQuery(bonusQuery(token));
  const [cancelled, setCancelled] = useState(false);
  const data = q.data;
  const fmt = (minor: number) => formatMoney(minor, data?.currency ?? '', data?.decimals ?? 2);

  return (
    <div className={s.page} data-testid="bonus-details">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Gift size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('rewards:bonus.title')}</h1>
          <p className={s.subtitle}>{t('rewards:bonus.subtitle')}</p>
        </div>
      </header>
      {cancelled && (
        <div className={s.notice} data-tone="ok" role="status" data-testid="bonus-cancelled">
          {t('rewards:cancel.done')}
        </div>
      )}
      {q.isPending || (!data && !q.isError) ? (
        <>
          <Skeleton height={320} radius="card" />
          <Skeleton height={160} radius="card" />
        </>
      ) : !data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          {data.active ? (
            <ActiveBonus
              grant={data.active}
              balance={data.balance || data.active.balance}
              fmt={fmt}
              onCancelled={() => {
                setCancelled(true);
                onMoneyMoved?.();
              }}
            />
          ) : (
            <EmptyState
              icon={<Gift size={28} strokeWidth={1.75} />}
              title={t('rewards:bonus.noneTitle')}
              description={t('rewards:bonus.noneBody')}
              action={
                <div className={s.actions}>
                  <Link to={paths.rewardCenter} className={buttonClassName({ variant: 'primary' })}>
                    {t('rewards:centre.title')}
                  </Link>
                  <Link to={paths.promotions()} className={buttonClassName({ variant: 'secondary' })}>
                    {t('rewards:seePromotions')}
                  </Link>
                </div>
              }
            />
          )}
          <BonusHistory grants={data.history ?? []} fmt={fmt} />
        </>
      )}
    </div>
  );
}

function ActiveBonus({ grant: g, balance, fmt, onCancelled }: { grant: Grant; balance: number; fmt: (m: number) => string; onCancelled: () => void }) {
  const { t } = useTranslation(['rewards', 'common', 'errors'], { useSuspense: true });
  const qc = useQueryClient();
  const now = useNow();
  const send = useActionKeys();
  const [confirming, setConfirming] = useState(false);
  const percent = wagerPercent(g.wagered, g.wagerRequired);
  const left = Math.max(0, g.wagerRequired - g.wagered);
  const rem = remaining(g.expiresAt, now);
  const weights = sortedWeights(g.weights);

  const cancel = useMutation({
    mutationFn: () => send(`cancel:${g.id}`, (key) => cancelBonus(key)),
    onSuccess: () => {
      setConfirming(false);
      void qc.invalidateQueries({ queryKey: REWARDS_QUERY_ROOT });
      onCancelled();
    },
    onError: (err) => {
      // Nothing to cancel any more (converted, expired meanwhile): show what is true now.
      if ((err as { code?: string }).code === 'bonus.none') void qc.invalidateQueries({ queryKey: REWARDS_QUERY_ROOT });
    },
  });

  return (
    <section className={s.card} aria-labelledby="bonus-active-title" data-testid="bonus-active">
      <div className={s.cardHead}>
        <div>
          <p className={s.source}>{t('rewards:bonus.active')}</p>
          <h2 id="bonus-active-title" className={s.cardTitle}>
            {g.title}
          </h2>
        </div>
        <span className={s.status} data-status="ACTIVE">
          {t('rewards:grantStatus.ACTIVE')}
        </span>
      </div>

      <dl className={s.stats}>
        <div>
          <dt>{t('rewards:bonus.granted')}</dt>
          <dd dir="ltr">{fmt(g.amount)}</dd>
        </div>
        <div data-main>
          <dt>{t('rewards:bonus.balance')}</dt>
          <dd dir="ltr" data-testid="bonus-balance">
            {fmt(balance)}
          </dd>
        </div>
      </dl>

      <div className={s.progress}>
        <div className={s.progressHead}>
          <span id="bonus-progress-label" className={s.progressLabel}>
            {t('rewards:bonus.progress')}
          </span>
          <span className={s.progressPercent}>{percent}%</span>
        </div>
        <div
          className={s.meter}
          role="progressbar"
          aria-labelledby="bonus-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('rewards:bonus.progressValue', { wagered: fmt(g.wagered), required: fmt(g.wagerRequired), percent })}
          data-done={percent >= 100 || undefined}
        >
          <span style={{ inlineSize: `${percent}%` }} />
        </div>
        <p className={s.progressText} data-testid="bonus-progress">
          {t('rewards:bonus.progressValue', { wagered: fmt(g.wagered), required: fmt(g.wagerRequired), percent })}
          {' · '}
          {left > 0 ? t('rewards:bonus.left', { amount: fmt(left) }) : t('rewards:bonus.met')}
        </p>
      </div>

      <dl className={s.terms}>
        <div>
          <dt>{t('rewards:terms.maxBet')}</dt>
          <dd>{g.maxBet ? fmt(g.maxBet) : t('rewards:terms.noLimit')}</dd>
        </div>
        <div>
          <dt>{t('rewards:bonus.maxConvert')}</dt>
          <dd>{g.maxConvert ? fmt(g.maxConvert) : t('rewards:bonus.noCap')}</dd>
        </div>
        <div>
          <dt>{t('rewards:bonus.expires')}</dt>
          <dd>
            <span dir="ltr">{formatDateTime(g.expiresAt)}</span>
            <span className={s.remaining} data-testid="bonus-remaining">
              <Hourglass size={13} aria-hidden="true" />
              {rem ? t('rewards:bonus.remaining', { d: rem.days, h: rem.hours, m: rem.minutes }) : t('rewards:grantStatus.EXPIRED')}
            </span>
          </dd>
        </div>
      </dl>

      <div className={s.weights}>
        <h3 className={s.subTitle} id="bonus-weights-title">
          {t('rewards:bonus.weightsTitle')}
        </h3>
        <p className={s.muted}>{t('rewards:bonus.weightsBody')}</p>
        {weights.length > 0 && (
          <table className={s.weightTable} aria-labelledby="bonus-weights-title">
            <thead>
              <tr>
                <th scope="col">{t('rewards:bonus.category')}</th>
                <th scope="col">{t('rewards:bonus.counts')}</th>
              </tr>
            </thead>
            <tbody>
              {weights.map(([cat, bp]) => (
                <tr key={cat}>
                  <td>{t(`rewards:categories.${cat}`, { defaultValue: cat })}</td>
                  <td dir="ltr">
                    <span className={s.weightBar} aria-hidden="true">
                      <span style={{ inlineSize: `${Math.min(100, bp / 100)}%` }} />
                    </span>
                    {basisPointsPercent(bp)}%
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <div className={s.cardFoot}>
        <Button variant="outline" onClick={() => setConfirming(true)} data-testid="bonus-cancel">
          {t('rewards:cancel.button')}
        </Button>
      </div>

      {confirming && (
        <Dialog
          open
          alert
          size="sm"
          onClose={cancel.isPending ? () => undefined : () => setConfirming(false)}
          title={t('rewards:cancel.title')}
          footer={
            <div className={s.actions}>
              <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="bonus-cancel-confirm">
                {t('rewards:cancel.confirm')}
              </Button>
              <Button variant="secondary" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
                {t('rewards:cancel.keep')}
              </Button>
            </div>
          }
        >
          <ul className={s.consequences}>
            <li>{t('rewards:cancel.lose', { amount: fmt(balance) })}</li>
            <li>{t('rewards:cancel.stays')}</li>
            <li>{t('rewards:cancel.final')}</li>
          </ul>
          {cancel.isError && (
            <p className={s.cardError} role="alert">
              {errorMessage(t, cancel.error)}
            </p>
          )}
        </Dialog>
      )}
    </section>
  );
}
