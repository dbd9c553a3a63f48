// Sign-in: username and password; then, when the server asks
// (ops.otp_required), the authenticator code; or, when the role must enrol
// first ({enrolment}), the QR code and setup key, then a code. Every step
// shows its loading and error states; errors are translated by code.
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, TextField } from '@palaro/ui';
import { errorCode } from '@palaro/api/src/envelope';
import { errorText } from '@/lib/errors';
import { login } from '../api/login';
import { codeSchema, credentialsSchema, type CodeInput, type Credentials } from '../api/schemas';
import { isEnrolment, type Enrolment, type Session } from '../api/types';
import s from './SignIn.module.css';

const EnrolStep = lazy(() => import('./EnrolStep'));

type Step = { kind: 'password' } | { kind: 'otp'; creds: Credentials } | { kind: 'enrol'; enrolment: Enrolment };

export function SignIn({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const restart = () => setStep({ kind: 'password' });
  return (
    <div className={s.card}>
      {step.kind === 'password' && (
        <PasswordStep
          onNeedCode={(creds) => setStep({ kind: 'otp', creds })}
          onEnrol={(enrolment) => setStep({ kind: 'enrol', enrolment })}
          onSignedIn={onSignedIn}
        />
      )}
      {step.kind === 'otp' && <CodeStep creds={step.creds} onSignedIn={onSignedIn} onBack={restart} />}
      {step.kind === 'enrol' && (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <EnrolStep enrolment={step.enrolment} onSignedIn={onSignedIn} onBack={restart} />
        </Suspense>
      )}
    </div>
  );
}

function PasswordStep({ onNeedCode, onEnrol, onSignedIn }: { onNeedCode: (c: Credentials) => void; onEnrol: (e: Enrolment) => void; onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation();
  const form = useForm<Credentials>({ resolver: zodResolver(credentialsSchema), defaultValues: { username: '', password: '' } });
  const m = useMutation({
    mutationFn: (c: Credentials) => login(c),
    onSuccess: (a) => (isEnrolment(a) ? onEnrol(a.enrolment) : onSignedIn(a)),
    onError: (e, c) => {
      if (errorCode(e) === 'ops.otp_required') onNeedCode(c);
    },
  });
  const err = form.formState.errors;
  const showError = m.isError && errorCode(m.error) !== 'ops.otp_required';
  return (
    <form className={s.form} noValidate onSubmit={form.handleSubmit((c) => m.mutate(c))} aria-labelledby="signin-title">
      <h1 id="signin-title" className={s.title}>
        {t('signin.title')}
      </h1>
      <p className={s.subtitle}>{t('signin.subtitle')}</p>
      {showError && (
        <p role="alert" className={s.formError}>
          {errorText(t, m.error)}
        </p>
      )}
      <TextField label={t('signin.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} error={err.username?.message && t(err.username.message)} {...form.register('username')} />
      <TextField label={t('signin.password')} type="password" autoComplete="current-password" error={err.password?.message && t(err.password.message)} {...form.register('password')} />
      <Button type="submit" block loading={m.isPending}>
        {t('signin.submit')}
      </Button>
    </form>
  );
}

/** The one-time code form, shared by the sign-in code step and the enrolment step. */
export function CodeForm({ title, intro, submitLabel, pending, error, onSubmit, onBack, children }: {
  title: string;
  intro: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (otp: string) => void;
  onBack: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<CodeInput, unknown, { otp: string }>({ resolver: zodResolver(codeSchema), defaultValues: { otp: '' } });
  const fieldError = form.formState.errors.otp?.message ? t(form.formState.errors.otp.message) : errorCode(error) === 'ops.otp_invalid' ? errorText(t, error) : undefined;
  const formError = error && errorCode(error) !== 'ops.otp_invalid' ? errorText(t, error) : undefined;
  return (
    <form className={s.form} noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.otp))} aria-labelledby="code-title">
      <h1 id="code-title" className={s.title}>
        {title}
      </h1>
      <p className={s.subtitle}>{intro}</p>
      {children}
      {formError && (
        <p role="alert" className={s.formError}>
          {formError}
        </p>
      )}
      <TextField label={t('signin.otp')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus error={fieldError} {...form.register('otp')} />
      <Button type="submit" block loading={pending}>
        {submitLabel}
      </Button>
      <Button variant="ghost" block onClick={onBack} disabled={pending}>
        {t('signin.back')}
      </Button>
    </form>
  );
}

function CodeStep({ creds, onSignedIn, onBack }: { creds: Credentials; onSignedIn: (s: Session) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const m = useMutation({
    mutationFn: (otp: string) => login({ ...creds, otp }),
    onSuccess: (a) => {
      if (!isEnrolment(a)) onSignedIn(a);
    },
  });
  return (
    <CodeForm title={t('signin.otpTitle')} intro={t('signin.otpHint')} submitLabel={t('signin.verify')} pending={m.isPending} error={m.error} onSubmit={(otp) => m.mutate(otp)} onBack={onBack} />
  );
}
