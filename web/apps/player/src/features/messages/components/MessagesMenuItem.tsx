import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { UnreadBadge } from './UnreadBadge';
import s from './UnreadBadge.module.css';

/** The member menu's "Messages" entry with the unread count (the menu supplies its item class and keyboard handling). */
export function MessagesMenuItem({ count, className, onSelect }: { count: number; className?: string; onSelect: () => void }) {
  const { t } = useTranslation('wallet', { useSuspense: false });
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={className} onClick={onSelect} data-testid="menu-messages">
      <Mail size={18} aria-hidden="true" />
      <span className={s.grow}>{t('wallet:messages.menu', { defaultValue: 'Messages' })}</span>
      <UnreadBadge count={count} data-testid="menu-messages-unread" />
    </button>
  );
}
