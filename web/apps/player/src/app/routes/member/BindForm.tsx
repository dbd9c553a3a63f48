// Binding (or re-binding) a mobile number or an e-mail: the new target, a
// code sent to it (SmsCodeButton: one click a second, then a countdown), and
// the code. The answer is the new security summary.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { Button, errorMessage } from '@/components/ui';
import { MobileField } from '@/features/auth/MobileField';
import { SmsCodeButton } from '@/features/auth/SmsCodeButton';
import { CODE_RE, DIAL_RE, EMAIL_RE, MOBILE_RE, bindEmail, bindMobile, cleanDigits, sendEmailCode, sendMobileCode, type Security } from './api';
import s from './MemberPage.module.css';

type Props = {
  kind: 'mobile' | 'email';
  /** Dialling code to start with (the member's, else the brand's default 63). */
  defaultDial?: string;
  onBound: (value: Security) => void;
  onCancel: () => void;
};

type Errors = Partial<Record<'dial' | 'target' | 'code', string>>;

export function BindForm({ kind, defaultDial = '63', onBound, onCancel }: Props) {
  const { t } = useTranslation(['member', 'errors', 'auth'], { useSuspense: true });
  const id = useId();
  const [dial, setDial] = useState(defaultDial);
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

  const checkTarget = (): Errors => {
    if (kind === 'email') {
      const v = target.trim();
      if (!v) return { target: t('member:bind.emailRequired') };
      return EMAIL_RE.test(v) ? {} : { target: t('member:bind.emailInvalid') };
    }
    const e: Errors = {};
    if (!DIAL_RE.test(cleanDigits(dial))) e.dial = t('member:bind.dialInvalid');
    const n = cleanDigits(target);
    if (!n) e.target = t('member:bind.mobileRequired');
    else if (!MOBILE_RE.test(n)) e.target = t('member:bind.mobileInvalid');
    return e;
  };

  const send = async () => {
    setServerError(undefined);
    const e = checkTarget();
    setErrors(e);
    if (e.dial || e.target) throw Object.assign(new Error('invalid'), { code: 'client.invalid', silent: true });
    const res = kind === 'email' ? await sendEmailCode(target.trim()) : await sendMobileCode(cleanDigits(dial), cleanDigits(target));
    setSentTo(kind === 'email' ? target.trim() : `+${cleanDigits(dial)} ${cleanDigits(target)}`);
    return res;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setServerError(undefined);
    const e = checkTarget();
    const c = code.trim();
    if (!c) e.code = t('member:bind.codeRequired');
    else if (!CODE_RE.test(c)) e.code = t('member:bind.codeInvalid');
    setErrors(e);
    if (e.dial || e.target || e.code) return;
    setBusy(true);
    try {
      const value = kind === 'email' ? await bindEmail(target.trim(), c) : await bindMobile(cleanDigits(dial), cleanDigits(target), c);
      onBound(value);
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const onSendError = (err: unknown) => {
    if ((err as { silent?: boolean }).silent) return;
    setServerError(errorMessage(t, err));
  };

  return (
    <form className={s.bindForm} onSubmit={submit} noValidate data-testid={`bind-${kind}-form`}>
      {kind === 'mobile' ? (
        <MobileField
          id={`${id}-t`}
          label={t('member:bind.newMobile')}
          dialingCode={dial}
          onDialingCode={setDial}
          value={target}
          onChange={setTarget}
          error={errors.dial ?? errors.target}
          maxLength={15}
        />
      ) : (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-t`}>
            {t('member:bind.newEmail')}
          </label>
          <input
            id={`${id}-t`}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            aria-invalid={!!errors.target}
            aria-describedby={errors.target ? `${id}-te` : undefined}
            placeholder="name@example.com"
            data-testid="bind-email-target"
          />
          {errors.target && (
            <p id={`${id}-te`} className="field-error" role="alert">
              {errors.target}
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-c`}>
          {t('member:bind.code')}
        </label>
        <div className={s.codeRow}>
          <input
            id={`${id}-c`}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!errors.code}
            placeholder={t('member:bind.codePlaceholder')}
            data-testid={`bind-${kind}-code`}
          />
          <SmsCodeButton send={send} onError={onSendError} data-testid={`bind-${kind}-send`} />
        </div>
        {errors.code && (
          <p className="field-error" role="alert">
            {errors.code}
          </p>
        )}
        {sentTo && !serverError && (
          <p className={s.hint} role="status" data-testid={`bind-${kind}-sent`}>
            {t(kind === 'email' ? 'member:bind.sentEmail' : 'member:bind.sentMobile', { target: sentTo })}
          </p>
        )}
      </div>
      {serverError && (
        <p className={s.serverError} role="alert" data-testid={`bind-${kind}-error`}>
          {serverError}
        </p>
      )}
      <div className={s.bindActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('member:bind.cancel')}
        </Button>
        <Button type="submit" loading={busy} icon={<Check size={18} aria-hidden="true" />} data-testid={`bind-${kind}-submit`}>
          {t('member:bind.confirm')}
        </Button>
      </div>
    </form>
  );
}
