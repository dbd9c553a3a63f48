// Shown on the deposit page when the server refused a deposit with
// rg.deposit_limit (before any order or payment page): which limit binds, how
// much can still be deposited and when that resets, with a way to the limits.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OctagonAlert } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { rgSettingsQuery, type Limit } from '../api/rg';
import { formatMoney } from '../lib/rules';
import s from './rg.module.css';

/** The deposit limit with the least left (where several apply, the lowest wins). */
export function bindingDepositLimit(limits: Limit[]): Limit | undefined {
  let best: Limit | undefined;
  for (const l of limits) {
    if (l.type !== 'DEPOSIT' || l.effective === null) continue;
    if (!best || l.effective - l.used < best.effective! - best.used) best = l;
  }
  return best;
}

export function DepositLimitNotice() {
  const { t } = useTranslation('rg', { useSuspense: true });
  const settings = useQuery({ ...rgSettingsQuery(), staleTime: 0 });
  const limit = settings.data && bindingDepositLimit(settings.data.limits);
  return (
    <div className={s.depositLimit} role="alert" data-testid="rg-deposit-limit">
      <p className={s.depositLimitTitle}>
        <OctagonAlert size={18} aria-hidden="true" />
        {t('rg:deposit.title')}
      </p>
      <p className={s.muted}>
        {limit && settings.data
          ? t('rg:deposit.body', {
              period: t(`rg:periods.${limit.period}`),
              limit: formatMoney(limit.effective!, settings.data.currency),
              amount: formatMoney(Math.max(0, limit.effective! - limit.used), settings.data.currency),
              date: limit.resetsAt ? formatDateTime(limit.resetsAt) : '',
            })
          : t('rg:errors.rg.deposit_limit')}
      </p>
      <Link to={paths.responsibleGaming}>{t('rg:deposit.manage')}</Link>
    </div>
  );
}
