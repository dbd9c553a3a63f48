// Header shortcuts to the deposit and withdraw pages (spec section 2, header
// when logged in). Trial users get the "real account needed" dialog instead.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import s from './CashierShortcuts.module.css';

export function CashierShortcuts({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const session = useSession();
  const actions = useUiActions();
  const guard = (e: React.MouseEvent) => {
    if (session.isTrial) {
      e.preventDefault();
      actions.requireRealAccount();
    }
  };
  const items = [
    { to: paths.deposit, label: t('layout:member.deposit'), Icon: ArrowDownToLine, primary: true, testId: 'header-deposit' },
    { to: paths.withdraw, label: t('layout:member.withdraw'), Icon: ArrowUpFromLine, primary: false, testId: 'header-withdraw' },
  ];
  // Phones have room for one: deposit (withdraw is one tap away in the centre's tabs).
  if (compact) items.pop();
  return (
    <div className={s.shortcuts} data-compact={compact || undefined}>
      {items.map(({ to, label, Icon, primary, testId }) => (
        <Link key={to} to={to} className={[s.shortcut, primary ? s.primary : s.secondary].join(' ')} onClick={guard} aria-label={label} title={label} data-testid={testId}>
          <Icon size={compact ? 18 : 16} aria-hidden="true" />
          {!compact && <span className={s.label}>{label}</span>}
        </Link>
      ))}
    </div>
  );
}
