// The consolidated funds strip on my wallet: main, vendor wallets, held for
// withdrawals and the total, for real members of brands with AGENTPOLICY3.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Landmark } from 'lucide-react';
import { useSession } from '@/lib/session';
import { formatMinor } from '@/lib/format';
import { consolidatedQuery } from '../api/consolidated';
import s from './TransferFund.module.css';

export function ConsolidatedFunds({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(['wallet']);
  const { token, loggedIn, isTrial } = useSession();
  const q = useQuery(consolidatedQuery(token, enabled && loggedIn && !isTrial));
  if (!enabled || !loggedIn || isTrial || !q.data) return null;
  const v = q.data;
  const fmt = (n: number) => `${formatMinor(n, v.decimals)} ${v.currency}`;
  const items: [string, number, string][] = [
    ['main', v.main, t('wallet:consolidated.main')],
    ['vendors', v.vendors, t('wallet:consolidated.vendors')],
    ['holds', v.withdrawalHolds, t('wallet:consolidated.holds')],
  ];
  return (
    <section className={s.consolidated} aria-label={t('wallet:consolidated.title')} data-testid="consolidated-funds">
      <h2 className={s.sectionTitle}>
        <Landmark size={16} aria-hidden="true" /> {t('wallet:consolidated.title')}
      </h2>
      <dl className={s.consolidatedList}>
        {items.map(([k, n, label]) => (
          <div key={k}>
            <dt>{label}</dt>
            <dd dir="ltr" data-testid={`consolidated-${k}`}>
              {fmt(n)}
            </dd>
          </div>
        ))}
        <div className={s.consolidatedTotal}>
          <dt>{t('wallet:consolidated.total')}</dt>
          <dd dir="ltr" data-testid="consolidated-total">
            {fmt(v.total)}
          </dd>
        </div>
      </dl>
      {!v.complete && <p className={s.muted}>{t('wallet:consolidated.incomplete')}</p>}
    </section>
  );
}
