// Login popup (loginPopupModal): the w_login banner, username and password with
// required-field messages, then POST /wps/session/login. Until the accounts
// issue the server answers request.not_found, shown translated like any error.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { Dialog, errorMessage } from '@/components/ui';
import { apiRequest } from '@/lib/api';
import { AuthBanner } from './AuthBanner';
import { AuthFormFooter } from './AuthFormFooter';
import s from './forms.module.css';

export type LoginModalProps = { open: boolean; onClose: () => void; onRegister: () => void };

type Errors = { username?: string; password?: string };

export default function LoginModal({ open, onClose, onRegister }: LoginModalProps) {
  const { t } = useTranslation(['layout', 'errors', 'common']);
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);

  const validate = (): Errors => ({
    username: username.trim() ? undefined : t('layout:auth.usernameRequired'),
    password: password.trim() ? undefined : t('layout:auth.passwordRequired'),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate();
    setErrors(v);
    setServerError(undefined);
    if (v.username || v.password) return;
    setBusy(true);
    try {
      await apiRequest('POST', '/wps/session/login', { body: { username: username.trim(), password: password.trim(), type: 'username' } });
      onClose();
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('layout:auth.loginTitle')}
      size="md"
      hero={<AuthBanner />}
      initialFocusRef={userRef}
      data-testid="login-modal"
    >
      <form className={s.form} onSubmit={submit} noValidate aria-describedby={serverError ? `${id}-server` : undefined}>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-u`}>
            {t('layout:auth.username')}
          </label>
          <input
            ref={userRef}
            id={`${id}-u`}
            className="input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={!!errors.username}
            aria-describedby={errors.username ? `${id}-ue` : undefined}
            aria-required="true"
            placeholder={t('layout:auth.usernamePlaceholder')}
          />
          {errors.username && (
            <p id={`${id}-ue`} className="field-error" role="alert">
              {errors.username}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-p`}>
            {t('layout:auth.password')}
          </label>
          <div className={s.pwWrap}>
            <input
              id={`${id}-p`}
              className="input"
              name="password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={!!errors.password}
              aria-describedby={errors.password ? `${id}-pe` : undefined}
              aria-required="true"
              placeholder={t('layout:auth.passwordPlaceholder')}
            />
            <button type="button" className={s.pwToggle} onClick={() => setShow((v) => !v)} aria-label={show ? t('layout:auth.hidePassword') : t('layout:auth.showPassword')} aria-pressed={show}>
              {show ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
            </button>
          </div>
          {errors.password && (
            <p id={`${id}-pe`} className="field-error" role="alert">
              {errors.password}
            </p>
          )}
        </div>
        <AuthFormFooter
          serverError={serverError}
          errorId={`${id}-server`}
          errorTestId="login-error"
          busy={busy}
          submitIcon={<LogIn size={18} aria-hidden="true" />}
          submitLabel={t('layout:auth.login')}
          switchPrompt={t('layout:auth.noAccount')}
          switchLabel={t('layout:auth.registerNow')}
          onSwitch={onRegister}
        />
      </form>
    </Dialog>
  );
}
