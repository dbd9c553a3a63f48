// One reward: where it came from, what it pays (cash, or a bonus with its
// terms spelled out), the claim-by date or what became of it, and Claim.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banknote, CalendarClock, Gift } from 'lucide-react';
import { Button } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { REWARD_SOURCES, type Reward } from '../api/rewards';
import { wagerRequirement } from '../lib/terms';
import s from './rewards.module.css';

type Props = {
  reward: Reward;
  fmt: (minor: number) => string;
  /** Absent: not claimable here (the history tab). */
  onClaim?: () => void;
  claiming: boolean;
  disabled: boolean;
  error: { text: string; bonusActive: boolean } | null;
};

export function RewardCard({ reward: r, fmt, onClaim, claiming, disabled, error }: Props) {
  const { t } = useTranslation(['rewards', 'common'], { useSuspense: true });
  const id = useId();
  const bonus = r.kind === 'BONUS';
  const src = r.source.startsWith('VIP_') ? 'VIP' : r.source;
  const source = (REWARD_SOURCES as readonly string[]).includes(src) ? t(`rewards:source.${src}`) : t('rewards:source.other');
  return (
    <li className={s.reward} data-kind={r.kind} data-status={r.status} aria-labelledby={`${id}-title`} data-testid="reward-item">
      <div className={s.rewardHead}>
        <span className={s.rewardIcon} aria-hidden="true">
          {bonus ? <Gift size={20} /> : <Banknote size={20} />}
        </span>
        <div className={s.rewardWho}>
          <p className={s.source}>{source}</p>
          <h3 id={`${id}-title`} className={s.rewardTitle}>
            {r.title}
          </h3>
        </div>
        <div className={s.rewardAmount}>
          <span className={s.amount} dir="ltr" data-testid="reward-amount">
            {fmt(r.amount)}
          </span>
          <span className={s.kind} data-kind={r.kind}>
            {t(`rewards:kind.${r.kind}`)}
          </span>
        </div>
      </div>

      {bonus ? (
        <dl className={s.terms} aria-label={t('rewards:terms.title')}>
          <div>
            <dt>{t('rewards:terms.wagering')}</dt>
            <dd>{t('rewards:terms.wageringValue', { n: r.wagerMultiple ?? 0, amount: fmt(r.wagerRequired || wagerRequirement(r.amount, r.wagerMultiple)) })}</dd>
          </div>
          <div>
            <dt>{t('rewards:terms.maxBet')}</dt>
            <dd>{r.maxBet ? fmt(r.maxBet) : t('rewards:terms.noLimit')}</dd>
          </div>
          <div>
            <dt>{t('rewards:terms.valid')}</dt>
            <dd>{t('rewards:terms.validDays', { n: r.validDays ?? 0 })}</dd>
          </div>
        </dl>
      ) : (
        <p className={s.cashNote}>{t('rewards:terms.cash')}</p>
      )}

      <div className={s.rewardFoot}>
        <p className={s.when}>
          <CalendarClock size={15} aria-hidden="true" />
          {r.status === 'CLAIMED' && r.claimedAt ? (
            <span>{t('rewards:claimedAt', { date: formatDateTime(r.claimedAt) })}</span>
          ) : r.status === 'EXPIRED' ? (
            <span>{t('rewards:expiredAt', { date: formatDateTime(r.expiresAt) })}</span>
          ) : (
            <span>{t('rewards:claimBy', { date: formatDateTime(r.expiresAt) })}</span>
          )}
        </p>
        {onClaim ? (
          <Button size="sm" onClick={onClaim} loading={claiming} disabled={disabled} aria-describedby={`${id}-title`} data-testid="reward-claim">
            {t('rewards:claim')}
          </Button>
        ) : (
          <span className={s.status} data-status={r.status}>
            {t(`rewards:status.${r.status}`)}
          </span>
        )}
      </div>
      {error && (
        <p className={s.cardError} role="alert" data-testid="reward-error">
          {error.text}{' '}
          {error.bonusActive && (
            <Link to={paths.bonusDetails} className={s.noticeLink}>
              {t('rewards:toBonusDetails')}
            </Link>
          )}
        </p>
      )}
    </li>
  );
}
