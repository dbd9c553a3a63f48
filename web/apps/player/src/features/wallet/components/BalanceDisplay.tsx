// The member's balance (spec section 2): amount with two decimals and
// thousands separators, a show/hide toggle (asterisks while hidden, the choice
// kept in localStorage), a refresh button (once a second), a 'Free play' tag
// for trial users' free-play money, a skeleton while loading and '—' with a
// retry when it cannot be loaded.
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { formatMinor } from '@/lib/format';
import { formatBalance, HIDDEN_AMOUNT } from '../api/format';
import { useBalanceHidden } from '../hooks/hidden';
import { useBalance } from '../hooks/useBalance';
import s from './BalanceDisplay.module.css';

export type BalanceDisplayProps = {
  /** header: the desktop header pill; compact: amount and toggle for the phone header; menu: a row in the member menu. */
  variant?: 'header' | 'compact' | 'menu';
  'data-testid'?: string;
};

export function BalanceDisplay({ variant = 'header', 'data-testid': testId }: BalanceDisplayProps) {
  const { t } = useTranslation('layout');
  const { data, isPending, isError, isFetching, refresh } = useBalance();
  const [hidden, toggleHidden] = useBalanceHidden();
  const failed = isError && !data;
  const compact = variant === 'compact';

  let amount;
  if (data && hidden) {
    amount = (
      <>
        <span aria-hidden="true">{HIDDEN_AMOUNT}</span>
        <span className="sr-only">{t('layout:member.balanceHidden')}</span>
      </>
    );
  } else if (data) {
    // Beside the 'Free play' tag the tag names the money; the compact pill has no tag and names the currency.
    amount = data.freePlay && !compact ? formatMinor(data.balance, data.decimals) : formatBalance(data);
  } else if (failed) {
    amount = (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('layout:member.balanceError')}</span>
      </>
    );
  } else if (isPending) {
    amount = (
      <>
        <span className={['skeleton', s.skeleton].join(' ')} aria-hidden="true" data-testid="balance-skeleton" />
        <span className="sr-only">{t('common:loading')}</span>
      </>
    );
  }

  const refreshLabel = failed ? t('common:retry') : t('layout:member.refreshBalance');
  const refreshButton = (
    <button
      type="button"
      className={[s.icon, isFetching ? s.spinning : ''].join(' ')}
      onClick={refresh}
      aria-label={refreshLabel}
      title={refreshLabel}
      aria-busy={isFetching}
      data-testid={failed ? 'balance-retry' : 'balance-refresh'}
    >
      <RefreshCw size={15} aria-hidden="true" />
    </button>
  );

  return (
    <div className={[s.root, s[variant]].join(' ')} data-testid={testId} data-state={failed ? 'error' : data ? 'ready' : 'loading'}>
      {!compact && <span className={s.label}>{t('layout:member.balance')}</span>}
      {data?.freePlay && !compact && (
        <span className={s.tag} title={t('layout:member.freePlayHint')} data-testid="balance-free-play">
          {t('layout:member.freePlay')}
        </span>
      )}
      <span className={s.amount} title={failed ? t('layout:member.balanceError') : data?.freePlay ? t('layout:member.freePlayHint') : undefined} data-testid="balance-amount">
        {amount}
      </span>
      {(!compact || !failed) && (
        <button
          type="button"
          className={s.icon}
          onClick={toggleHidden}
          aria-pressed={hidden}
          aria-label={hidden ? t('layout:member.showBalance') : t('layout:member.hideBalance')}
          title={hidden ? t('layout:member.showBalance') : t('layout:member.hideBalance')}
          data-testid="balance-toggle"
        >
          {hidden ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
        </button>
      )}
      {(!compact || failed) && refreshButton}
    </div>
  );
}
