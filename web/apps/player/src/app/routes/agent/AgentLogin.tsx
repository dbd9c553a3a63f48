// The agent landing's login form (username type, spec sections 2 and 4):
// bot check, POST /wps/session/login with agentLogin (the server refuses
// non-agents with auth.not_agent), the captcha once the server asks for it,
// the new-IP code step, then the session. A default or expired password opens
// the forced change-password modal (establishSession does it) and the page
// waits for the change before entering the agent centre.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button, errorCode, errorMessage } from '@/components/ui';
import { Captcha } from '@/features/auth/Captcha';
import { Field } from '@/features/auth/Field';
import { establishSession, isVerifyRequired, type LoginAnswer, type LoginResult, type VerifyRequired } from '@/lib/session';
import { apiRequest } from '@/lib/api';
import { solveBotCheck } from '@/lib/botcheck';
import { LoginVerifyStep } from '../../modals/LoginVerifyStep';
import f from '../../modals/forms.module.css';

type Props = {
  /** Called once the session exists; expired tells that the forced password change is open. */
  onLoggedIn: (expired: boolean) => void;
};

type Errors = { username?: string; password?: string; captcha?: string; code?: string };

export function AgentLogin({ onLoggedIn }: Props) {
  const { t } = useTranslation(['agent', 'errors', 'common', 'auth'], { useSuspense: true });
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaOn, setCaptchaOn] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [verify, setVerify] = useState<VerifyRequired>();
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const finish = async (result: LoginResult) => {
    await establishSession(result, { loginType: 'username', username: username.trim() });
    onLoggedIn(!!result.passwordExpired);
  };

  const fail = (err: unknown) => {
    if ((err as Error).name === 'AbortError') return;
    const c = errorCode(err);
    if (c === 'auth.captcha_required') setCaptchaOn(true);
    // A checked captcha is spent, right or wrong: show a new one.
    if (captchaOn || c === 'auth.captcha_required') {
      setCaptcha('');
      setCaptchaRound((n) => n + 1);
    }
    setServerError(errorMessage(t, err));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const u = username.trim();
    const p = password.trim();
    const v: Errors = {
      username: u ? undefined : t('agent:login.usernameRequired'),
      password: p ? undefined : t('agent:login.passwordRequired'),
      captcha: captchaOn && !captcha.trim() ? t('agent:login.captchaRequired') : undefined,
    };
    setErrors(v);
    setServerError(undefined);
    if (v.username || v.password || v.captcha) return;
    setBusy(true);
    const ctl = new AbortController();
    abort.current = ctl;
    try {
      const botcheck = await solveBotCheck(ctl.signal);
      const body: Record<string, unknown> = { type: 'username', username: u, password: p, agentLogin: true, rememberMe: false, botcheck };
      if (captchaOn) Object.assign(body, { captcha: captcha.trim(), captchaKey });
      const answer = await apiRequest<LoginAnswer>('POST', '/wps/session/login', { body, signal: ctl.signal });
      if (isVerifyRequired(answer)) {
        setVerify(answer);
        return;
      }
      await finish(answer);
    } catch (err) {
      fail(err);
    } finally {
      if (abort.current === ctl) abort.current = null;
      setBusy(false);
    }
  };

  if (verify) {
    // New-IP verification: the same step as the login popup's.
    return <LoginVerifyStep ticket={verify} onBack={() => setVerify(undefined)} onDone={finish} />;
  }

  return (
    <form className={f.form} onSubmit={submit} noValidate data-testid="agent-login-form">
      <Field
        id={`${id}-u`}
        label={t('agent:login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        value={username}
        onChange={setUsername}
        error={errors.username}
        aria-required="true"
        placeholder={t('agent:login.usernamePlaceholder')}
        data-testid="agent-username"
      />
      <Field
        id={`${id}-p`}
        label={t('agent:login.password')}
        name="password"
        secret
        autoComplete="current-password"
        maxLength={64}
        value={password}
        onChange={setPassword}
        error={errors.password}
        aria-required="true"
        placeholder={t('agent:login.passwordPlaceholder')}
        data-testid="agent-password"
      />
      {captchaOn && (
        <Captcha reload={captchaRound} value={captcha} onChange={setCaptcha} onKeyChange={setCaptchaKey} error={errors.captcha} data-testid="agent-captcha" />
      )}
      {serverError && (
        <p className={f.serverError} role="alert" data-testid="agent-login-error">
          {serverError}
        </p>
      )}
      <Button type="submit" size="lg" block loading={busy} icon={<LogIn size={18} aria-hidden="true" />} data-testid="agent-login-submit">
        {t('agent:login.submit')}
      </Button>
    </form>
  );
}
