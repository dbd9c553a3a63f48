// The new-IP verification step of a login (docs/accounts.md): the code went
// to the member's phone or bound e-mail with the login answer; this form
// takes it, offers a resend and a way back. Used by the login popup and the
// agent landing.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { errorMessage } from '@/components/ui';
import { SmsCodeButton } from '@/features/auth/SmsCodeButton';
import type { LoginResult, VerifyRequired } from '@/lib/session';
import { resendLoginCode, verifyLogin } from '@/lib/session/login';
import { AuthFormFooter } from './AuthFormFooter';
import s from './forms.module.css';
import ls from './LoginModal.module.css';

/** New-IP verification: the code went to the member's phone or e-mail; resend and back are offered. */
export function LoginVerifyStep({ ticket, onBack, onDone }: { ticket: VerifyRequired; onBack: () => void; onDone: (r: LoginResult) => Promise<void> }) {
  const { t } = useTranslation(['auth', 'layout', 'errors'], { useSuspense: true });
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [note, setNote] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(undefined);
    if (!/^\d{4,8}$/.test(code.trim())) {
      setError(t('auth:login.codeRequired'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onDone(await verifyLogin(ticket.verifyTicket, code.trim()));
    } catch (err) {
      setServerError(errorMessage(t, err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={s.form} onSubmit={submit} noValidate data-testid="login-verify">
      <p className={s.lead}>{t(ticket.verifyMethod === 'email' ? 'auth:verify.leadEmail' : 'auth:verify.leadSms', { target: ticket.maskedTarget })}</p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-v`}>
          {t('auth:login.code')}
        </label>
        <div className={ls.codeRow}>
          <input
            id={`${id}-v`}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-ve` : undefined}
            placeholder={t('auth:login.codePlaceholder')}
            data-autofocus
          />
          <SmsCodeButton
            send={async () => {
              setServerError(undefined);
              const r = await resendLoginCode(ticket.verifyTicket);
              setNote(t('auth:verify.resent'));
              return r;
            }}
            onError={(err) => setServerError(errorMessage(t, err))}
            data-testid="login-verify-resend"
          />
        </div>
        {error && (
          <p id={`${id}-ve`} className="field-error" role="alert">
            {error}
          </p>
        )}
        {note && (
          <p className={ls.hint} role="status">
            {note}
          </p>
        )}
      </div>
      <AuthFormFooter serverError={serverError} errorTestId="login-verify-error" busy={busy} submitIcon={<ShieldCheck size={18} aria-hidden="true" />} submitLabel={t('auth:verify.submit')} />
      <button type="button" className={[s.linkBtn, ls.back].join(' ')} onClick={onBack}>
        <ArrowLeft size={14} aria-hidden="true" /> {t('auth:verify.back')}
      </button>
    </form>
  );
}
