import { useTranslation } from 'react-i18next';
import s from './Affiliates.module.css';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('console-affiliates');
  return <span className={[s.badge, s[status] ?? ''].join(' ')}>{t(`status.${status}`, { defaultValue: status })}</span>;
}
