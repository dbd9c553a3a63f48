import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui';
import { HelpCenter } from '@/features/help/components/HelpCenter';

export type HelpModalProps = { open: boolean; section?: string; onSectionChange: (key: string) => void; onClose: () => void };

export default function HelpModal({ open, section, onSectionChange, onClose }: HelpModalProps) {
  const { t } = useTranslation('layout');
  return (
    <Dialog open={open} onClose={onClose} title={t('layout:help.title')} size="xl" data-testid="help-modal">
      <HelpCenter section={section} onSectionChange={onSectionChange} />
    </Dialog>
  );
}
