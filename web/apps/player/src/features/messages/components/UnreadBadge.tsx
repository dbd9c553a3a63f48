import { useTranslation } from 'react-i18next';
import s from './UnreadBadge.module.css';

/** The red count badge (spec section 2: shown when the count is above 0; 99+ beyond). */
export function UnreadBadge({ count, floating, className, 'data-testid': testId = 'unread-badge' }: { count: number; floating?: boolean; className?: string; 'data-testid'?: string }) {
  const { t } = useTranslation('wallet', { useSuspense: false });
  if (!count || count <= 0) return null;
  return (
    <span className={[s.badge, floating ? s.floating : '', className ?? ''].join(' ')} data-testid={testId} data-count={count}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('wallet:messages.unreadCount', { n: count, defaultValue: `(${count})` })}</span>
    </span>
  );
}
