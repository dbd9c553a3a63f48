import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button, Dialog } from '@/components/ui';
import s from './forms.module.css';

export type NotLoggedInDialogProps = { open: boolean; onClose: () => void; onLogin: () => void };

/** 'You are not logged in, please login' (spec section 6), for visitors who try a member action. */
export default function NotLoggedInDialog({ open, onClose, onLogin }: NotLoggedInDialogProps) {
  const { t } = useTranslation(['layout', 'common']);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('layout:notLoggedIn.title')}
      size="sm"
      alert
      data-testid="not-logged-in"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button icon={<LogIn size={16} aria-hidden="true" />} onClick={onLogin} data-autofocus>
            {t('layout:auth.login')}
          </Button>
        </>
      }
    >
      <div className={s.notice}>
        <span className={s.noticeIcon} aria-hidden="true">
          <LogIn size={22} />
        </span>
        <p>{t('layout:notLoggedIn.message')}</p>
      </div>
    </Dialog>
  );
}
