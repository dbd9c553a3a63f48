// Logout confirmation (spec sections 2 and 4): confirm, a loader while
// DELETE /wps/session/logout runs, then the caller goes home.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Button, Dialog } from '@/components/ui';
import s from './forms.module.css';

export type LogoutDialogProps = { open: boolean; onClose: () => void; onConfirm: () => Promise<void> };

export default function LogoutDialog({ open, onClose, onConfirm }: LogoutDialogProps) {
  const { t } = useTranslation(['auth', 'common'], { useSuspense: true });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setBusy(false);
  }, [open]);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? () => {} : onClose}
      closeOnOverlay={!busy}
      closeOnEsc={!busy}
      hideClose={busy}
      title={t('auth:logout.title')}
      size="sm"
      alert
      data-testid="logout-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button variant="danger" icon={<LogOut size={16} aria-hidden="true" />} loading={busy} onClick={confirm} data-autofocus data-testid="logout-confirm">
            {t('auth:logout.confirm')}
          </Button>
        </>
      }
    >
      <div className={s.notice}>
        <span className={s.noticeIcon} aria-hidden="true">
          <LogOut size={22} />
        </span>
        <p>{t('auth:logout.message')}</p>
      </div>
    </Dialog>
  );
}
