// The logged-out header form. Signing in arrives with the accounts issue: until
// then submitting opens the login popup, which talks to the server.
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import { useUiActions } from '@/lib/ui-actions';
import s from './Header.module.css';

export function LoginStrip({ canRegister, className }: { canRegister: boolean; className?: string }) {
  const { t } = useTranslation('layout');
  const id = useId();
  const { openLogin, openRegister } = useUiActions();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    openLogin();
  };
  return (
    <form className={[s.strip, className ?? ''].join(' ')} onSubmit={submit} aria-label={t('layout:auth.loginForm')} data-testid="header-login-form">
      <label className="sr-only" htmlFor={`${id}-u`}>
        {t('layout:auth.username')}
      </label>
      <input id={`${id}-u`} className={s.stripInput} name="username" autoComplete="username" placeholder={t('layout:auth.username')} autoCapitalize="none" spellCheck={false} />
      <label className="sr-only" htmlFor={`${id}-p`}>
        {t('layout:auth.password')}
      </label>
      <input id={`${id}-p`} className={s.stripInput} name="password" type="password" autoComplete="current-password" placeholder={t('layout:auth.password')} />
      <Button type="submit" size="sm" className={s.stripBtn}>
        {t('layout:auth.login')}
      </Button>
      {canRegister && (
        <Button type="button" size="sm" variant="outline" className={s.stripBtn} onClick={openRegister} data-testid="header-register">
          {t('layout:auth.register')}
        </Button>
      )}
    </form>
  );
}
