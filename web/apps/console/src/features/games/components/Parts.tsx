// Small pieces the games screen's tabs share: a labelled checkbox, the status
// badges of a vendor or game, and the reason field every change needs.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Window } from '../api/games';
import s from './Games.module.css';

export const Check = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }>(function Check({ label, ...rest }, ref) {
  return (
    <label className={s.check}>
      <input ref={ref} type="checkbox" {...rest} />
      {label}
    </label>
  );
});

type Status = { disabled: boolean; maintenance: boolean; inMaintenance: boolean; maintenanceWindow: Window; isNew: boolean; isHot?: boolean };

export function StatusBadges({ item, now = Date.now() }: { item: Status; now?: number }) {
  const { t } = useTranslation('console-games');
  const scheduled = !item.inMaintenance && item.maintenanceWindow.to > now;
  return (
    <span className={s.badges}>
      <span className={`${s.badge} ${item.disabled ? s.off : s.on}`}>{item.disabled ? t('status.off') : t('status.on')}</span>
      {item.inMaintenance && <span className={`${s.badge} ${s.warn}`}>{t('status.maintenance')}</span>}
      {scheduled && <span className={s.badge}>{t('status.scheduled')}</span>}
      {item.isHot && <span className={s.badge}>{t('status.hot')}</span>}
      {item.isNew && <span className={s.badge}>{t('status.new')}</span>}
    </span>
  );
}
