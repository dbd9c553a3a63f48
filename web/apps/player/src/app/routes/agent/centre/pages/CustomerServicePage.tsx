// Agent centre: customer service. Every channel the brand lists (its
// customer-service resources: live chat, Telegram, e-mail ...); each opens
// the way the storefront opens it (a storefront route in this tab, other
// channels through the server's /cs/<token> redirect in a new tab).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink, Headset, MessageCircle } from 'lucide-react';
import { EmptyState, buttonClassName } from '@/components/ui';
import { customerServiceHref } from '@/features/system/lib/customerService';
import { useBrandInfo } from '../../../../brand';
import { PageHead } from './PageHead';
import s from './pages.module.css';

export default function CustomerServicePage() {
  const { t } = useTranslation(['agent', 'layout'], { useSuspense: true });
  const { customerService } = useBrandInfo();
  return (
    <>
      <PageHead icon={<Headset size={22} />} title={t('agent:menu.customerService')} lead={t('agent:cs.lead')} />
      {customerService.length === 0 ? (
        <EmptyState title={t('agent:cs.none')} />
      ) : (
        <ul className={s.csList} data-testid="agent-cs-list">
          {customerService.map((c) => {
            const href = c.route ? undefined : customerServiceHref(c);
            return (
              <li key={c.id} className={s.csItem}>
                <span className={s.tileIcon} aria-hidden="true">
                  <MessageCircle size={20} />
                </span>
                <div className={s.csText}>
                  <span className={s.csName}>{c.name}</span>
                  {/* The channel's kind, when we name it and the brand's own name does not already say it. */}
                  {t(`agent:cs.type.${c.type}`, { defaultValue: c.name }) !== c.name && <span className={s.muted}>{t(`agent:cs.type.${c.type}`)}</span>}
                </div>
                {c.route ? (
                  <Link to={c.route} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
                    {t('agent:cs.open')}
                  </Link>
                ) : href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: 'outline', size: 'sm' })} aria-label={t('agent:cs.openNewTab', { name: c.name })}>
                    <ExternalLink size={16} aria-hidden="true" />
                    {t('agent:cs.open')}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <p className={s.hours}>{t('agent:cs.hours', { hours: t('agent:hours', { from: '12:00', to: '21:00' }) })}</p>
    </>
  );
}
