import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import type { BrandInfo } from '../api/status';
import { StatusScreen } from './StatusScreen';
import s from './StatusScreen.module.css';

export function MaintenancePage({ info }: { info: BrandInfo }) {
  const { t } = useTranslation('system');
  return (
    <StatusScreen info={info} tone="primary" icon={<Wrench size={34} strokeWidth={1.75} />} title={t('system:maintenance.title')} testId="maintenance">
      <p className={s.lead}>{t('system:maintenance.info', { brand: info.brandName })}</p>
      <p className={s.muted}>{t('system:maintenance.hint')}</p>
    </StatusScreen>
  );
}
