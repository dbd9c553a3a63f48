// The agent landing's login form (username type, spec sections 2 and 4):
// bot check, POST /wps/session/login with agentLogin (the server refuses
// non-agents with auth.not_agent), the captcha once the server asks for it,
// the new-IP code step, then the session. A default or expired password opens
// the forced change-password modal (establishSession does it) and the page
// waits for the change before entering the agent centre.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff, LogIn, ShieldCheck } from 'lucide-react';
import { Button, errorCode, errorMessage } from '@/components/ui';
import { Captcha } from '@/features/auth/Captcha';
import { SmsCodeButton } from '@/features/auth/SmsCodeButton';
import { establishSession, isVerifyRequired, type LoginAnswer, type LoginResult, type VerifyRequired } from '@/features/session';
import { apiRequest } from '@/lib/api';
import { solveBotCheck } from '@/lib/botcheck';
import f from '../../modals/forms.module.css';
import s from './AgentLanding.module.css';

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
  const [show, setShow] = useState(false);
  const [captchaOn, setCaptchaOn] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [verify, setVerify] = useState<VerifyRequired>();
  const [code, setCode] = useState('');
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
        setCode('');
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

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !verify) return;
    const c = code.trim();
    setErrors({ code: c ? undefined : t('agent:login.codeRequired') });
    setServerError(undefined);
    if (!c) return;
    setBusy(true);
    try {
      const result = await apiRequest<LoginResult>('POST', '/wps/session/login/verify', {
        body: { verifyTicket: verify.verifyTicket, verificationCode: c },
      });
      await finish(result);
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  if (verify) {
    return (
      <form className={f.form} onSubmit={submitCode} noValidate data-testid="agent-verify-form">
        <p className={s.verifyLead}>
          <ShieldCheck size={20} aria-hidden="true" />
          <span>{t('agent:login.verifyLead', { target: verify.maskedTarget })}</span>
        </p>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-v`}>
            {t('agent:login.code')}
          </label>
          <div className={s.codeRow}>
            <input
              id={`${id}-v`}
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-invalid={!!errors.code}
              data-autofocus
            />
            {/* The first code went out with the login answer; this sends another. */}
            <SmsCodeButton
              send={() => apiRequest<{ expiredMinutes: number }>('POST', '/wps/session/login/verify/resend', { body: { verifyTicket: verify.verifyTicket } })}
              onError={(err) => setServerError(errorMessage(t, err))}
            />
          </div>
          {errors.code && (
            <p className="field-error" role="alert">
              {errors.code}
            </p>
          )}
        </div>
        {serverError && (
          <p className={f.serverError} role="alert" data-testid="agent-login-error">
            {serverError}
          </p>
        )}
        <Button type="submit" size="lg" block loading={busy} icon={<LogIn size={18} aria-hidden="true" />}>
          {t('agent:login.submit')}
        </Button>
        <button type="button" className={f.linkBtn} onClick={() => setVerify(undefined)}>
          {t('agent:login.back')}
        </button>
      </form>
    );
  }

  return (
    <form className={f.form} onSubmit={submit} noValidate data-testid="agent-login-form">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-u`}>
          {t('agent:login.username')}
        </label>
        <input
          id={`${id}-u`}
          className="input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={!!errors.username}
          aria-required="true"
          placeholder={t('agent:login.usernamePlaceholder')}
          data-testid="agent-username"
        />
        {errors.username && (
          <p className="field-error" role="alert">
            {errors.username}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-p`}>
          {t('agent:login.password')}
        </label>
        <div className={f.pwWrap}>
          <input
            id={`${id}-p`}
            className="input"
            name="password"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            maxLength={64}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={!!errors.password}
            aria-required="true"
            placeholder={t('agent:login.passwordPlaceholder')}
            data-testid="agent-password"
          />
          <button
            type="button"
            className={f.pwToggle}
            onClick={() => setShow((x) => !x)}
            aria-label={show ? t('agent:login.hidePassword') : t('agent:login.showPassword')}
            aria-pressed={show}
          >
            {show ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
        {errors.password && (
          <p className="field-error" role="alert">
            {errors.password}
          </p>
        )}
      </div>
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
