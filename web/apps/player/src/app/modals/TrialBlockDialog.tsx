// Trial users are blocked from real play and the centres with 'a real account
// is needed' and a confirm button (spec sections 4, 6 and 8).
import { useTranslation } from 'react-i18next';
import { UserRoundX } from 'lucide-react';
import { Button, Dialog } from '@/components/ui';
import s from './forms.module.css';

export type TrialBlockDialogProps = { open: boolean; onClose: () => void };

export default function TrialBlockDialog({ open, onClose }: TrialBlockDialogProps) {
  const { t } = useTranslation(['auth', 'common'], { useSuspense: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('auth:trial.title')}
      size="sm"
      alert
      data-testid="trial-block"
      footer={
        <Button onClick={onClose} data-autofocus data-testid="trial-block-confirm">
          {t('auth:trial.confirm')}
        </Button>
      }
    >
      <div className={s.notice}>
        <span className={s.noticeIcon} aria-hidden="true">
          <UserRoundX size={22} />
        </span>
        <p>{t('auth:trial.message')}</p>
      </div>
    </Dialog>
  );
}
