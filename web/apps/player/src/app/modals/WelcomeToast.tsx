// After a login: a short greeting with the previous login time (or a first-
// login welcome), then it fades. Rendered by the UI actions provider.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import s from './WelcomeToast.module.css';

export const WELCOME_TOAST_MS = 6000;

export type WelcomeToastProps = { name: string; previousLoginTime: number | null; firstTimeLogin: boolean; onDone: () => void };

export default function WelcomeToast({ name, previousLoginTime, firstTimeLogin, onDone }: WelcomeToastProps) {
  const { t } = useTranslation(['auth', 'common'], { useSuspense: true });
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const a = setTimeout(() => setLeaving(true), WELCOME_TOAST_MS);
    const b = setTimeout(onDone, WELCOME_TOAST_MS + 250);
    return () => {
      clearTimeout(a);
      clearTimeout(b);
    };
  }, [onDone]);
  const first = firstTimeLogin || !previousLoginTime;
  return (
    <div className={s.toast} role="status" data-leaving={leaving || undefined} data-testid="welcome-toast">
      <div>
        <p className={s.title}>{t(first ? 'auth:login.welcomeFirst' : 'auth:login.welcome', { name })}</p>
        {!first && previousLoginTime && (
          <p className={s.line} data-testid="welcome-last-login">
            {t('auth:login.lastLogin', { time: formatDateTime(previousLoginTime) })}
          </p>
        )}
      </div>
      <button type="button" className={s.close} onClick={onDone} aria-label={t('common:close')}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
