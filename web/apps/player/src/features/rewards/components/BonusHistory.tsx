// The bonuses that ended: how (converted, forfeited and why, expired) and
// what moved (converted to real money, forfeited). A table on desktop that
// becomes one card per grant on phones.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { Grant } from '../api/bonus';
import s from './rewards.module.css';

const REASONS = ['CANCELLED', 'WITHDRAWAL', 'SELF_EXCLUSION', 'OPERATOR'];

export function BonusHistory({ grants, fmt }: { grants: Grant[]; fmt: (m: number) => string }) {
  const { t } = useTranslation(['rewards', 'common'], { useSuspense: true });
  const outcome = (g: Grant) =>
    g.status === 'FORFEITED' && g.reason && REASONS.includes(g.reason) ? t(`rewards:reason.${g.reason}`) : t(`rewards:grantStatus.${g.status}`, { defaultValue: g.status });
  return (
    <section className={s.section} aria-labelledby="bonus-history-title">
      <h2 id="bonus-history-title" className={s.sectionTitle}>
        {t('rewards:history.title')}
      </h2>
      {grants.length === 0 ? (
        <p className={s.muted} data-testid="bonus-history-empty">
          {t('rewards:history.empty')}
        </p>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="bonus-history">
            <thead>
              <tr>
                <th scope="col">{t('rewards:history.bonus')}</th>
                <th scope="col">{t('rewards:bonus.granted')}</th>
                <th scope="col">{t('rewards:history.outcome')}</th>
                <th scope="col">{t('rewards:history.converted')}</th>
                <th scope="col">{t('rewards:history.forfeited')}</th>
                <th scope="col">{t('rewards:history.ended')}</th>
              </tr>
            </thead>
            <tbody>
              {grants.map((g) => (
                <tr key={g.id} data-status={g.status} data-testid="bonus-history-row">
                  <td data-label={t('rewards:history.bonus')} className={s.grantTitle}>
                    {g.title}
                  </td>
                  <td data-label={t('rewards:bonus.granted')} dir="ltr" className={s.num}>
                    {fmt(g.amount)}
                  </td>
                  <td data-label={t('rewards:history.outcome')}>
                    <span className={s.status} data-status={g.status}>
                      {outcome(g)}
                    </span>
                  </td>
                  <td data-label={t('rewards:history.converted')} dir="ltr" className={s.num}>
                    {fmt(g.convertedAmount ?? 0)}
                  </td>
                  <td data-label={t('rewards:history.forfeited')} dir="ltr" className={s.num}>
                    {fmt(g.forfeitedAmount ?? 0)}
                  </td>
                  <td data-label={t('rewards:history.ended')} dir="ltr">
                    {g.endedAt ? formatDateTime(g.endedAt) : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
