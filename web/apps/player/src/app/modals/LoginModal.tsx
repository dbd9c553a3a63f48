// Login popup (loginPopupModal, spec sections 2, 4, 5): the w_login banner;
// username login, and mobile (SMS code) login in a second tab when the brand
// turns on MOBILEVERCODELOGIN3. Username logins solve the bot check on submit
// (a short 'verifying' state); after a failure that asks for it, a captcha
// field appears. A login from a new IP continues with a code step in the same
// popup. Remember me keeps the username and a one-day session (never the
// password). Success hands the answer to establishSession.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff, LogIn, PlayCircle, ShieldCheck } from 'lucide-react';
import { Button, Dialog, Tabs, errorCode, errorMessage } from '@/components/ui';
import { Captcha } from '@/features/auth/Captcha';
import { MobileField } from '@/features/auth/MobileField';
import { SmsCodeButton } from '@/features/auth/SmsCodeButton';
import { sendNoLoginCode } from '@/features/auth/api';
import { DEFAULT_DIALING_CODE } from '@/features/auth/dialingCodes';
import { ThirdPartyLogin } from '@/features/auth/oauth/ThirdPartyLogin';
import { establishSession, isVerifyRequired, rememberedUsername, type LoginResult, type LoginType, type VerifyRequired } from '@/lib/session';
import { createBotcheckPrefetch, login, needsCaptcha, startFreeplay, takeLoginHandoff, validateLogin, type LoginFormErrors } from '@/lib/session/login';
import { isSwitchOn } from '@/features/system/api/status';
import { useBrandInfo } from '../brand';
import { AuthBanner } from './AuthBanner';
import { AuthFormFooter } from './AuthFormFooter';
import { LoginVerifyStep } from './LoginVerifyStep';
import s from './forms.module.css';
import ls from './LoginModal.module.css';

export type LoginModalProps = {
  open: boolean;
  onClose: () => void;
  onRegister: () => void;
  onForgotPassword?: () => void;
};

type Mode = 'username' | 'sms';
type Phase = 'idle' | 'verifying' | 'sending';

export default function LoginModal({ open, onClose, onRegister, onForgotPassword }: LoginModalProps) {
  const { t } = useTranslation(['layout', 'auth', 'errors', 'common'], { useSuspense: true });
  const info = useBrandInfo();
  const smsEnabled = isSwitchOn(info.whitelabel, 'MOBILEVERCODELOGIN3');
  const canRegister = isSwitchOn(info.whitelabel, 'DIRECTREG3');
  const canTry = isSwitchOn(info.whitelabel, 'FREEPLAY3');
  const id = useId();

  const [mode, setMode] = useState<Mode>('username');
  const [username, setUsername] = useState(() => rememberedUsername());
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [dial, setDial] = useState(DEFAULT_DIALING_CODE);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRememberOn] = useState(() => !!rememberedUsername());
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [phase, setPhase] = useState<Phase>('idle');
  const [trialBusy, setTrialBusy] = useState(false);
  const [verify, setVerify] = useState<{ ticket: VerifyRequired; type: LoginType } | null>(null);
  const userRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  // The bot check is solved while the user types, so submitting rarely waits.
  const [botcheck] = useState(() => createBotcheckPrefetch());

  // Each opening starts clean (the remembered username stays).
  useEffect(() => {
    if (!open) {
      abort.current?.abort();
      botcheck.cancel();
      return;
    }
    botcheck.warm();
    setPassword('');
    setCode('');
    setCaptcha('');
    setErrors({});
    setServerError(undefined);
    setVerify(null);
    setPhase('idle');
    const remembered = rememberedUsername();
    if (remembered) setUsername(remembered);
    setRememberOn(!!remembered);
    // The header form could not finish: carry on here (captcha or new-IP step).
    const h = takeLoginHandoff();
    if (h) {
      setMode('username');
      setUsername(h.username);
      setServerError(h.error);
      if (h.captcha) {
        setCaptchaShown(true);
        setCaptchaRound((n) => n + 1);
      }
      if (h.verify) setVerify({ ticket: h.verify, type: 'username' });
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per opening; the bot check is read then, not watched
  }, [open]);

  const finish = useCallback(
    async (result: LoginResult, type: LoginType) => {
      await establishSession(result, {
        remember: type === 'username' || type === 'sms' ? remember : undefined,
        loginType: type,
        username: type === 'username' ? username.trim() : undefined,
      });
      onClose();
    },
    [remember, username, onClose],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase !== 'idle') return;
    const v = validateLogin({ mode, username, password, mobile, code, captchaShown: captchaShown && mode === 'username', captcha }, (k) => t(k));
    setErrors(v);
    setServerError(undefined);
    if (Object.keys(v).length) return;
    const ctl = new AbortController();
    abort.current = ctl;
    setPhase(mode === 'username' ? 'verifying' : 'sending');
    try {
      const answer =
        mode === 'username'
          ? await login(
              {
                type: 'username',
                username: username.trim(),
                password: password.trim(),
                rememberMe: remember,
                ...(captchaShown ? { captcha: captcha.trim(), captchaKey } : {}),
              },
              { signal: ctl.signal, botcheck, onVerifying: (on) => !ctl.signal.aborted && setPhase(on ? 'verifying' : 'sending') },
            )
          : await login({ type: 'sms', username: mobile.trim(), password: code.trim(), countryDialingCode: dial, rememberMe: remember }, { signal: ctl.signal });
      if (isVerifyRequired(answer)) {
        setVerify({ ticket: answer, type: mode });
        return;
      }
      await finish(answer, mode);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      const c = errorCode(err);
      setServerError(errorMessage(t, err));
      if (mode === 'username') {
        // A captcha is single use: whenever one was shown, the next try needs a new one.
        if (needsCaptcha(c) || captchaShown) {
          setCaptchaShown(true);
          setCaptcha('');
          setCaptchaRound((n) => n + 1);
        }
        if (c === 'auth.invalid_credentials') setPassword('');
      }
    } finally {
      if (abort.current === ctl) abort.current = null;
      setPhase('idle');
    }
  };

  const tryFree = async () => {
    setServerError(undefined);
    setTrialBusy(true);
    try {
      await finish(await startFreeplay(), 'thirdParty');
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setTrialBusy(false);
    }
  };

  const switchMode = (k: string) => {
    setMode(k as Mode);
    setErrors({});
    setServerError(undefined);
  };

  const busy = phase !== 'idle';
  const tabs = [
    { key: 'username', label: t('auth:login.tabUsername') },
    { key: 'sms', label: t('auth:login.tabMobile') },
  ];

  const usernameFields = (
    <>
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
          maxLength={32}
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
        <div className={ls.labelRow}>
          <label className="field-label" htmlFor={`${id}-p`}>
            {t('layout:auth.password')}
          </label>
          {onForgotPassword && (
            <button type="button" className={ls.forgot} onClick={onForgotPassword} data-testid="login-forgot">
              {t('auth:login.forgot')}
            </button>
          )}
        </div>
        <div className={s.pwWrap}>
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
      {captchaShown && (
        <Captcha value={captcha} onChange={setCaptcha} onKeyChange={setCaptchaKey} reload={captchaRound} error={errors.captcha} data-testid="login-captcha" />
      )}
    </>
  );

  const smsFields = (
    <>
      <MobileField
        id={`${id}-m`}
        label={t('auth:login.mobile')}
        dialingCode={dial}
        onDialingCode={setDial}
        value={mobile}
        onChange={setMobile}
        error={errors.mobile}
        required
        maxLength={15}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-c`}>
          {t('auth:login.code')}
        </label>
        <div className={ls.codeRow}>
          <input
            id={`${id}-c`}
            className="input"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!errors.code}
            aria-describedby={errors.code ? `${id}-ce` : undefined}
            aria-required="true"
            placeholder={t('auth:login.codePlaceholder')}
          />
          <SmsCodeButton
            send={() => {
              if (!/^\d{5,15}$/.test(mobile.trim())) {
                setErrors((e) => ({ ...e, mobile: t('auth:login.mobileRequired') }));
                return Promise.reject(new Error('mobile'));
              }
              setServerError(undefined);
              return sendNoLoginCode({ countryDialingCode: dial, mobileNum: mobile.trim() });
            }}
            onError={(err) => (err as Error).message !== 'mobile' && setServerError(errorMessage(t, err))}
            data-testid="login-sms-send"
          />
        </div>
        {errors.code && (
          <p id={`${id}-ce`} className="field-error" role="alert">
            {errors.code}
          </p>
        )}
      </div>
    </>
  );

  const form = (
    <form className={s.form} onSubmit={submit} noValidate aria-describedby={serverError ? `${id}-server` : undefined} data-testid="login-form">
      {mode === 'username' ? usernameFields : smsFields}
      <label className={s.check} title={t('auth:login.rememberHint')}>
        <input type="checkbox" checked={remember} onChange={(e) => setRememberOn(e.target.checked)} name="remember" data-testid="login-remember" />
        <span>
          {t('auth:login.remember')}
          <span className={ls.hint}>{t('auth:login.rememberHint')}</span>
        </span>
      </label>
      <AuthFormFooter
        serverError={serverError}
        errorId={`${id}-server`}
        errorTestId="login-error"
        busy={busy}
        submitIcon={<LogIn size={18} aria-hidden="true" />}
        submitLabel={phase === 'verifying' ? t('auth:login.verifying') : t('layout:auth.login')}
        switchPrompt={t('layout:auth.noAccount')}
        switchLabel={t('layout:auth.registerNow')}
        onSwitch={canRegister ? onRegister : undefined}
      >
        {phase === 'verifying' && (
          <p className={ls.verifying} role="status" data-testid="login-verifying">
            <ShieldCheck size={16} aria-hidden="true" />
            {t('auth:login.verifying')}
          </p>
        )}
      </AuthFormFooter>
    </form>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={verify ? t('auth:verify.title') : t('layout:auth.loginTitle')}
      size="md"
      hero={<AuthBanner />}
      initialFocusRef={verify ? undefined : userRef}
      data-testid="login-modal"
    >
      {verify ? (
        <LoginVerifyStep ticket={verify.ticket} onBack={() => setVerify(null)} onDone={(r) => finish(r, verify.type)} />
      ) : (
        <>
          {smsEnabled ? (
            <Tabs tabs={tabs} value={mode} onChange={switchMode} label={t('auth:login.tabsLabel')} panelClassName={ls.panel}>
              {form}
            </Tabs>
          ) : (
            form
          )}
          {canTry && (
            <div className={ls.trial}>
              <span className={ls.or}>{t('auth:login.or')}</span>
              <Button variant="outline" block icon={<PlayCircle size={18} aria-hidden="true" />} loading={trialBusy} onClick={tryFree} data-testid="login-try-free">
                {t('auth:login.tryFree')}
              </Button>
              <p className={ls.hint}>{t('auth:login.tryFreeHint')}</p>
            </div>
          )}
          <ThirdPartyLogin onLoggedIn={onClose} />
        </>
      )}
    </Dialog>
  );
}
