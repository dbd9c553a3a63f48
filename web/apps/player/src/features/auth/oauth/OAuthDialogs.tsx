// The dialogs that finish a Google or Facebook login after the provider
// sent the browser back:
// - a linked account: the one-time code is exchanged for a session (login
//   type thirdParty: never the forced password change, spec section 4);
// - a new provider account: link it to an existing account (log in once with
//   username and password: the link is permanent) or create a new account
//   with a generated username, shown once;
// - a failure or a cancel at the provider: 'login failure, try again'.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link2, UserPlus, ArrowLeft } from 'lucide-react';
import { Button, Dialog, Spinner, errorCode, errorMessage } from '@/components/ui';
import { Captcha } from '@/features/auth/Captcha';
import { Field } from '@/features/auth/Field';
import { establishSession, type LoginResult } from '@/lib/session';
import { solveBotCheck } from '@/lib/botcheck';
import { useUiActions } from '@/lib/ui-actions';
import { exchangeCode, linkAccount, pageReferralCode, registerWithProvider } from './api';
import { providerName, type OAuthReturn } from './hash';
import { ProviderMark } from './marks';
import s from './oauth.module.css';

type Phase =
  | { name: 'signingIn' }
  | { name: 'choose' }
  | { name: 'existing' }
  | { name: 'creating' }
  | { name: 'created'; result: LoginResult }
  | { name: 'error'; message: string; retry: boolean };

export type OAuthDialogsProps = { answer: OAuthReturn; onDone: () => void };

export default function OAuthDialogs({ answer, onDone }: OAuthDialogsProps) {
  const { t } = useTranslation(['auth', 'errors', 'common'], { useSuspense: true });
  const { openLogin } = useUiActions();
  const [open, setOpen] = useState(true);
  const [phase, setPhase] = useState<Phase>(() =>
    answer.kind === 'login' ? { name: 'signingIn' } : answer.kind === 'link' ? { name: 'choose' } : { name: 'error', message: reasonText(answer.reason), retry: answer.reason !== 'disabled' },
  );
  const provider = answer.kind === 'link' ? providerName(answer.provider) : '';

  function reasonText(reason: string): string {
    return t(`auth:oauth.error.${reason}`, { defaultValue: t('auth:oauth.error.failed') });
  }
  const close = () => {
    setOpen(false);
    onDone();
  };
  // A new account logs in when its username has been seen (first-login
  // popups then open after this dialog, not over it).
  const finishCreated = async (result: LoginResult) => {
    try {
      await establishSession(result, { loginType: 'thirdParty' });
      close();
    } catch (e) {
      fail(e);
    }
  };
  const fail = (e: unknown) => {
    const code = errorCode(e);
    setPhase({ name: 'error', message: code === 'oauth.ticket_invalid' ? t('auth:oauth.error.expired') : errorMessage(t, e), retry: true });
  };

  // A linked account: exchange the one-time code at once.
  const exchanged = useRef(false);
  useEffect(() => {
    if (answer.kind !== 'login' || exchanged.current) return;
    exchanged.current = true;
    exchangeCode(answer.code)
      .then((res) => establishSession(res, { loginType: 'thirdParty' }))
      .then(close, fail);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const create = async () => {
    if (answer.kind !== 'link') return;
    setPhase({ name: 'creating' });
    try {
      const res = await registerWithProvider(answer.ticket, { referralCode: pageReferralCode() });
      setPhase({ name: 'created', result: res });
    } catch (e) {
      fail(e);
    }
  };

  const title =
    phase.name === 'signingIn'
      ? t('auth:oauth.signingIn')
      : phase.name === 'error'
        ? t('auth:oauth.failedTitle')
        : phase.name === 'created'
          ? t('auth:oauth.createdTitle')
          : t('auth:oauth.linkTitle', { provider });

  return (
    <Dialog
      open={open}
      onClose={phase.name === 'created' ? () => void finishCreated(phase.result) : close}
      title={title}
      size="sm"
      closeOnOverlay={false}
      hideClose={phase.name === 'signingIn' || phase.name === 'creating'}
      closeOnEsc={phase.name !== 'signingIn' && phase.name !== 'creating'}
      data-testid="oauth-dialog"
    >
      {(phase.name === 'signingIn' || phase.name === 'creating') && (
        <div className={s.center} role="status">
          <Spinner />
          <p>{phase.name === 'creating' ? t('auth:oauth.creating') : t('auth:oauth.signingInLead')}</p>
        </div>
      )}
      {phase.name === 'error' && (
        <div className={s.form}>
          <p className={s.serverError} role="alert">
            {phase.message}
          </p>
          <div className={s.choices}>
            {phase.retry && (
              <Button
                block
                onClick={() => {
                  close();
                  openLogin();
                }}
              >
                {t('auth:oauth.tryAgain')}
              </Button>
            )}
            <Button block variant="ghost" onClick={close}>
              {t('auth:oauth.close')}
            </Button>
          </div>
        </div>
      )}
      {phase.name === 'choose' && answer.kind === 'link' && (
        <div className={s.form}>
          <p className={s.lead}>{t('auth:oauth.linkLead', { provider })}</p>
          <div className={s.choices}>
            <button type="button" className={s.choice} onClick={() => setPhase({ name: 'existing' })} data-autofocus>
              <Link2 size={22} aria-hidden="true" />
              <span className={s.choiceTitle}>{t('auth:oauth.linkExisting')}</span>
              <span className={s.choiceHint}>{t('auth:oauth.linkExistingHint', { provider })}</span>
            </button>
            <button type="button" className={s.choice} onClick={create}>
              <UserPlus size={22} aria-hidden="true" />
              <span className={s.choiceTitle}>{t('auth:oauth.createNew')}</span>
              <span className={s.choiceHint}>{t('auth:oauth.createNewHint', { provider })}</span>
            </button>
          </div>
        </div>
      )}
      {phase.name === 'existing' && answer.kind === 'link' && (
        <LinkForm ticket={answer.ticket} provider={answer.provider} onBack={() => setPhase({ name: 'choose' })} onLinked={close} onExpired={fail} />
      )}
      {phase.name === 'created' && (
        <div className={s.form}>
          <p className={s.lead}>{t('auth:oauth.createdLead', { provider: providerName(answer.kind === 'link' ? answer.provider : '') })}</p>
          <output className={s.username} data-testid="oauth-new-username">
            {phase.result.userInfo.account}
          </output>
          <p className={s.note}>{t('auth:oauth.createdNote', { provider: providerName(answer.kind === 'link' ? answer.provider : '') })}</p>
          <Button block onClick={() => void finishCreated(phase.result)} data-autofocus>
            {t('auth:oauth.continue')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}

type LinkFormProps = { ticket: string; provider: string; onBack: () => void; onLinked: () => void; onExpired: (e: unknown) => void };

/** Log in once with the existing account's username and password to link it. */
function LinkForm({ ticket, provider, onBack, onLinked, onExpired }: LinkFormProps) {
  const { t } = useTranslation(['auth', 'errors'], { useSuspense: true });
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string; captcha?: string }>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const v: typeof errors = {};
    if (!username.trim()) v.username = t('auth:oauth.usernameRequired');
    if (!password.trim()) v.password = t('auth:oauth.passwordRequired');
    if (captchaShown && !captcha.trim()) v.captcha = t('auth:login.captchaRequired');
    setErrors(v);
    setServerError(undefined);
    if (Object.keys(v).length) return;
    setBusy(true);
    let res: LoginResult;
    try {
      const botcheck = await solveBotCheck();
      res = await linkAccount({
        ticket,
        username: username.trim(),
        password: password.trim(),
        botcheck,
        ...(captchaShown ? { captcha: captcha.trim(), captchaKey } : {}),
      });
    } catch (err) {
      setBusy(false);
      const code = errorCode(err);
      if (code === 'oauth.ticket_invalid') return onExpired(err);
      if (code === 'auth.captcha_required' || code === 'auth.captcha_invalid' || captchaShown) {
        setCaptchaShown(code === 'auth.captcha_required' || code === 'auth.captcha_invalid' || captchaShown);
        setCaptcha('');
        setCaptchaRound((n) => n + 1);
      }
      setServerError(errorMessage(t, err));
      return;
    }
    // A password login: an expired or default password still asks for a change.
    await establishSession(res, { loginType: 'username', username: username.trim() });
    onLinked();
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <p className={s.lead}>{t('auth:oauth.linkFormLead', { provider: providerName(provider) })}</p>
      <Field id={`${id}-u`} label={t('auth:oauth.username')} name="username" value={username} onChange={setUsername} error={errors.username} autoComplete="username" required data-autofocus />
      <Field id={`${id}-p`} label={t('auth:oauth.password')} name="password" value={password} onChange={setPassword} error={errors.password} autoComplete="current-password" secret required />
      {captchaShown && <Captcha value={captcha} onChange={setCaptcha} onKeyChange={setCaptchaKey} error={errors.captcha} reload={captchaRound} />}
      <p className={s.note}>
        <ProviderMarkInline provider={provider} /> {t('auth:oauth.permanent', { provider: providerName(provider) })}
      </p>
      {serverError && (
        <p className={s.serverError} role="alert">
          {serverError}
        </p>
      )}
      <Button type="submit" block loading={busy}>
        {t('auth:oauth.confirmLink')}
      </Button>
      <Button variant="ghost" block icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={onBack} disabled={busy}>
        {t('auth:oauth.back')}
      </Button>
    </form>
  );
}

function ProviderMarkInline({ provider }: { provider: string }) {
  return (
    <span className={s.inlineMark}>
      <ProviderMark id={provider} />
    </span>
  );
}
