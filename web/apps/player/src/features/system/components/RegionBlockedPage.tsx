import { useTranslation } from 'react-i18next';
import { Globe2 } from 'lucide-react';
import type { BrandInfo } from '../api/status';
import { StatusScreen } from './StatusScreen';
import s from './StatusScreen.module.css';

export function RegionBlockedPage({ info, ip }: { info: BrandInfo; ip: string }) {
  const { t } = useTranslation('system');
  return (
    <StatusScreen info={info} tone="danger" icon={<Globe2 size={34} strokeWidth={1.75} />} title={t('system:region.title')} testId="region-blocked">
      <p className={s.lead}>{t('system:region.message', { brand: info.brandName })}</p>
      <p className={s.ipRow}>
        <span className={s.muted}>{t('system:region.yourIp')}</span>{' '}
        <span className={s.ip} data-testid="visitor-ip" dir="ltr">
          {ip || '—'}
        </span>
      </p>
    </StatusScreen>
  );
}
