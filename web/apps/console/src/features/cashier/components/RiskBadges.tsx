// Risk flags as badges: the short name shown, the explanation as the
// badge's title and accessible description.
import { useTranslation } from 'react-i18next';
import s from './Cashier.module.css';

export function RiskBadges({ risks }: { risks: string[] }) {
  const { t } = useTranslation('console-cashier');
  if (risks.length === 0) return <span className={s.none}>{t('risk.none')}</span>;
  return (
    <ul className={s.risks} aria-label={t('col.risks')}>
      {risks.map((r) => (
        <li key={r}>
          <span className={[s.badge, r === 'first_deposit' ? s.badgeInfo : ''].join(' ')} title={t(`riskHelp.${r}`, { defaultValue: r })}>
            {t(`risk.${r}`, { defaultValue: r })}
            <span className="sr-only">: {t(`riskHelp.${r}`, { defaultValue: '' })}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
