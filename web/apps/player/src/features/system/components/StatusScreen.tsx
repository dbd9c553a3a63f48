// Full-page screens shown instead of the storefront: maintenance and region
// restriction (spec section 2, "Start screen depends on system status").
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Headset } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import type { BrandInfo } from '../api/status';
import { openCustomerService, primaryCustomerService } from '../lib/customerService';
import s from './StatusScreen.module.css';
import { BrandLogo } from '@/components/ui/BrandLogo';

type Props = {
  info: BrandInfo;
  icon: ReactNode;
  tone: 'primary' | 'danger';
  title: string;
  children: ReactNode;
  testId: string;
};

export function StatusScreen({ info, icon, tone, title, children, testId }: Props) {
  const { t } = useTranslation('system');
  const cs = primaryCustomerService(info.customerService);
  return (
    <main className={s.page} data-testid={testId}>
      <div className={s.glow} aria-hidden="true" />
      <section className={s.card} aria-labelledby={`${testId}-title`}>
        {info.theme?.logoUrl && <BrandLogo className={s.logo} theme={info.theme} alt={info.brandName} height={36} />}
        <div className={[s.badge, tone === 'danger' ? s.danger : ''].join(' ')} aria-hidden="true">
          {icon}
        </div>
        <h1 id={`${testId}-title`} className={s.title}>
          {title}
        </h1>
        <div className={s.body}>{children}</div>
        {cs && (
          <Button size="lg" icon={<Headset size={18} aria-hidden="true" />} onClick={() => openCustomerService(info.customerService)}>
            {t('system:customerService')}
          </Button>
        )}
      </section>
    </main>
  );
}
