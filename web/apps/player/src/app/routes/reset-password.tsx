// /resetPassword?resetToken=...: the home page with the popup that sets a new
// password from an e-mailed reset link (POST /wps/member/password/reset).
// Success says so and offers the login popup; closing goes to /.
import { Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, KeyRound, LogIn } from 'lucide-react';
import { Button, Dialog, errorCode, errorMessage } from '@/components/ui';
import { Field } from '@/features/auth/Field';
import { resetByToken } from '@/features/auth/api';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useBrandInfo } from '../brand';
import { AuthBanner } from '../modals/AuthBanner';
import { trimField, type FieldMessage } from '../modals/registerRules';
import { newPasswordErrors, passwordRule } from '../modals/passwordForm';
import { useAppNavigate } from '../navigation';
import s from '../modals/forms.module.css';
import HomeRoute from './home';
import { clearResetToken, pendingResetToken } from './reset-link';

export default function ResetPasswordRoute() {
  const navigate = useAppNavigate();
  // The loader moved the token out of the address into memory.
  const [token] = useState(pendingResetToken);
  return (
    <>
      <HomeRoute />
      <Suspense fallback={null}>
        <ResetPasswordDialog
          token={token}
          onDone={() => {
            clearResetToken();
            navigate(paths.home, { replace: true });
          }}
        />
      </Suspense>
    </>
  );
}

type Errors = Record<string, FieldMessage | string | undefined>;

function ResetPasswordDialog({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation(['auth', 'errors'], { useSuspense: true });
  const id = useId();
  const info = useBrandInfo();
  const actions = useUiActions();
  const rule = passwordRule(info.register?.fields);
  const [open, setOpen] = useState(true);
  const [v, setV] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (name: string) => (value: string) => {
    setV((old) => ({ ...old, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const text = (m: FieldMessage | string | undefined) => (m === undefined ? undefined : typeof m === 'string' ? m : t(`auth:${m.key}`, m.params));
  const close = () => {
    setOpen(false);
    onDone();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next = newPasswordErrors(rule, v.newPassword ?? '', v.confirmNewPassword ?? '');
    setErrors(next);
    setServerError(undefined);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await resetByToken({ resetToken: token, newPassword: trimField(v.newPassword ?? ''), confirmNewPassword: trimField(v.confirmNewPassword ?? '') });
      setDone(true);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'account.password_rule' || code === 'account.common_password' || code === 'account.password_is_username') {
        setErrors((x) => ({ ...x, newPassword: errorMessage(t, err) }));
      } else setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} title={t('auth:reset.title')} size="sm" hero={<AuthBanner group="w_forget" />} data-testid="reset-password-modal">
      {!token ? (
        <div className={s.form}>
          <p className={s.serverError} role="alert">
            {t('auth:reset.missing')}
          </p>
          <Button size="lg" block onClick={() => { close(); actions.openForgotPassword(); }}>
            {t('auth:reset.again')}
          </Button>
        </div>
      ) : done ? (
        <div className={s.form} data-testid="reset-password-done">
          <div className={s.notice} role="status">
            <span className={s.noticeIcon}>
              <CheckCircle2 size={22} aria-hidden="true" />
            </span>
            <p>{t('auth:reset.done')}</p>
          </div>
          <Button size="lg" block icon={<LogIn size={18} aria-hidden="true" />} onClick={() => { close(); actions.openLogin(); }}>
            {t('auth:reset.login')}
          </Button>
        </div>
      ) : (
        <form className={s.form} onSubmit={submit} noValidate>
          <p className={s.lead}>{t('auth:reset.lead')}</p>
          <Field
            id={`${id}-n`}
            label={t('auth:field.newPassword')}
            name="newPassword"
            value={v.newPassword ?? ''}
            onChange={set('newPassword')}
            error={text(errors.newPassword)}
            hint={t(`auth:validation.${rule.patternId || 'ANY'}`, { min: rule.minLength, max: rule.maxLength })}
            required
            secret
            autoComplete="new-password"
            maxLength={rule.maxLength || 64}
          />
          <Field id={`${id}-n2`} label={t('auth:field.confirmNewPassword')} name="confirmNewPassword" value={v.confirmNewPassword ?? ''} onChange={set('confirmNewPassword')} error={text(errors.confirmNewPassword)} required secret autoComplete="new-password" maxLength={rule.maxLength || 64} />
          {serverError && (
            <p className={s.serverError} role="alert" data-testid="reset-password-error">
              {serverError}
            </p>
          )}
          <Button type="submit" size="lg" block loading={busy} icon={<KeyRound size={18} aria-hidden="true" />}>
            {t('auth:reset.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
