// The logged-out header form (spec section 2: username type, no SMS option).
// It logs in directly (bot check included); when the server wants more (a
// captcha after failures, a new-IP code) or the fields are empty, the login
// popup takes over with what was typed.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { errorCode, errorMessage } from '@/components/ui/errorMessage';
import { establishSession, isVerifyRequired } from '@/lib/session';
import type { BotcheckPrefetch } from '@/lib/session/login';
import { useUiActions } from '@/lib/ui-actions';
import { prefetchDialog, prefetchOnIntent } from '../modals/prefetch';
import s from './Header.module.css';

// The login calls (and the bot-check solver) load when the visitor first
// focuses the form, not with the page.
let loginModule: Promise<typeof import('@/lib/session/login')> | undefined;
const loadLogin = () => (loginModule ??= import('@/lib/session/login'));

export function LoginStrip({ canRegister, className }: { canRegister: boolean; className?: string }) {
  const { t, i18n } = useTranslation(['layout', 'errors']);
  const id = useId();
  const { openLogin, openRegister } = useUiActions();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Solved once the visitor starts typing, so submitting rarely waits for it.
  const botcheck = useRef<BotcheckPrefetch>(undefined);
  const prefetch = async () => {
    // The account error messages live in the auth namespace (errorMessage).
    const [m] = await Promise.all([loadLogin(), i18n.loadNamespaces('auth')]);
    botcheck.current ??= m.createBotcheckPrefetch();
    return { m, botcheck: botcheck.current };
  };
  useEffect(() => () => botcheck.current?.cancel(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(undefined);
    const u = username.trim();
    const p = password.trim();
    const { m, botcheck: solved } = await prefetch();
    const { handOffLogin, login, needsCaptcha } = m;
    if (!u || !p) {
      handOffLogin({ username: u });
      openLogin();
      return;
    }
    setBusy(true);
    try {
      const answer = await login({ type: 'username', username: u, password: p, rememberMe: false }, { botcheck: solved });
      if (isVerifyRequired(answer)) {
        handOffLogin({ username: u, verify: answer });
        openLogin();
        return;
      }
      await establishSession(answer, { loginType: 'username' });
      setPassword('');
    } catch (err) {
      const msg = errorMessage(t, err);
      setPassword('');
      if (needsCaptcha(errorCode(err))) {
        handOffLogin({ username: u, captcha: true, error: msg });
        openLogin();
      } else setError(msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={[s.strip, className ?? ''].join(' ')} onSubmit={submit} onFocus={() => {
        prefetchDialog('login', i18n); // empty fields, a captcha or a new-IP code continue in the login dialog
        void prefetch().then((x) => x.botcheck.warm());
      }}
      onPointerEnter={() => prefetchDialog('login', i18n)} aria-label={t('layout:auth.loginForm')} data-testid="header-login-form" noValidate>
      <label className="sr-only" htmlFor={`${id}-u`}>
        {t('layout:auth.username')}
      </label>
      <input
        id={`${id}-u`}
        className={s.stripInput}
        name="username"
        autoComplete="username"
        placeholder={t('layout:auth.username')}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <label className="sr-only" htmlFor={`${id}-p`}>
        {t('layout:auth.password')}
      </label>
      <input
        id={`${id}-p`}
        className={s.stripInput}
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder={t('layout:auth.password')}
        maxLength={64}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-e` : undefined}
      />
      <Button type="submit" size="sm" className={s.stripBtn} loading={busy}>
        {t('layout:auth.login')}
      </Button>
      {canRegister && (
        <Button type="button" size="sm" variant="outline" className={s.stripBtn} onClick={openRegister} {...prefetchOnIntent('register', i18n)} data-testid="header-register">
          {t('layout:auth.register')}
        </Button>
      )}
      {error && (
        <p id={`${id}-e`} className={s.stripError} role="alert" data-testid="header-login-error">
          {error}
        </p>
      )}
    </form>
  );
}
