// Change-password modal (changePassModal, spec sections 2-5). Voluntary: old,
// new and confirmation. Forced (after a username login with the default or
// an expired password): says why, and cannot be dismissed except by logging
// out. With CHNGPASSVERIF3 (or the security value changePasswordNeedsCode) a
// code sent to the bound mobile or e-mail is needed too. Success reloads the
// login info, closes and goes to /.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyRound, LogOut, ShieldAlert } from 'lucide-react';
import { Button, Dialog, errorCode, errorMessage } from '@/components/ui';
import { Field } from '@/features/auth/Field';
import { SmsCodeButton } from '@/features/auth/SmsCodeButton';
import { changePassword, securityQuery, sendChangePasswordCode } from '@/features/auth/api';
import { switchEnabled } from '@/features/system/switches';
import { logout, useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useBrandInfo } from '../brand';
import { useAppNavigate } from '../navigation';
import { trimField, type FieldMessage } from './registerRules';
import { newPasswordErrors, passwordRule } from './passwordForm';
import s from './forms.module.css';

export type ChangePasswordModalProps = {
  open: boolean;
  /** Forced after login with a default or expired password: cannot be dismissed without changing. */
  forced: boolean;
  onClose: () => void;
  /** Called after a successful change (the provider reloads login info and goes to /). */
  onChanged: () => void;
};

type Errors = Record<string, FieldMessage | string | undefined>;

const ERROR_FIELD: Record<string, string> = {
  'account.wrong_old_password': 'oldPassword',
  'account.same_password': 'newPassword',
  'account.password_rule': 'newPassword',
  'account.common_password': 'newPassword',
  'account.password_is_username': 'newPassword',
  'account.password_mismatch': 'confirmNewPassword',
  'sms.invalid_code': 'verificationCode',
  'sms.code_required': 'verificationCode',
  'sms.code_expired': 'verificationCode',
};

export default function ChangePasswordModal({ open, forced, onClose, onChanged }: ChangePasswordModalProps) {
  const { t } = useTranslation(['auth', 'errors', 'layout'], { useSuspense: true });
  const id = useId();
  const info = useBrandInfo();
  const session = useSession();
  const navigate = useAppNavigate();
  const security = useQuery({ ...securityQuery(session.token), enabled: open && !!session.token && !session.isTrial });
  const needsCode = switchEnabled(info.whitelabel, 'CHNGPASSVERIF3') || !!security.data?.changePasswordNeedsCode;
  const rule = passwordRule(info.register?.fields);
  const [v, setV] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [target, setTarget] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const set = (name: string) => (value: string) => {
    setV((old) => ({ ...old, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const text = (m: FieldMessage | string | undefined) => (m === undefined ? undefined : typeof m === 'string' ? m : t(`auth:${m.key}`, m.params));

  const reset = () => {
    setV({});
    setErrors({});
    setServerError(undefined);
    setTarget(undefined);
  };

  const dismiss = () => {
    if (forced) return; // only a change or logging out ends a forced change
    onClose();
    setTimeout(reset, 250);
  };

  const sendCode = useCallback(async () => {
    setServerError(undefined);
    const res = await sendChangePasswordCode();
    setTarget(res.maskedTarget);
    setErrors((e) => ({ ...e, verificationCode: undefined }));
    return res;
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (!trimField(v.oldPassword ?? '')) next.oldPassword = { key: 'rule.oldPasswordRequired' };
    Object.assign(next, newPasswordErrors(rule, v.newPassword ?? '', v.confirmNewPassword ?? '', v.oldPassword ?? ''));
    if (needsCode && !/^\d{4,8}$/.test(trimField(v.verificationCode ?? ''))) next.verificationCode = { key: 'rule.code' };
    setErrors(next);
    setServerError(undefined);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await changePassword({
        oldPassword: trimField(v.oldPassword ?? ''),
        newPassword: trimField(v.newPassword ?? ''),
        confirmNewPassword: trimField(v.confirmNewPassword ?? ''),
        ...(needsCode ? { verificationCode: trimField(v.verificationCode ?? '') } : {}),
      });
      // The provider reloads the login info and goes to / (spec section 4).
      onChanged();
      setTimeout(reset, 250);
    } catch (err) {
      const code = errorCode(err);
      const field = code ? ERROR_FIELD[code] : undefined;
      if (field && (field !== 'verificationCode' || needsCode)) setErrors((x) => ({ ...x, [field]: errorMessage(t, err) }));
      else setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
      onClose();
      setTimeout(reset, 250);
      navigate(paths.home);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={dismiss}
      title={forced ? t('auth:change.forcedTitle') : t('auth:change.title')}
      size="sm"
      closeOnOverlay={!forced}
      closeOnEsc={!forced}
      hideClose={forced}
      data-testid="change-password-modal"
    >
      <form className={s.form} onSubmit={submit} noValidate data-forced={forced || undefined}>
        {forced ? (
          <div className={s.notice} role="status" data-testid="change-password-forced">
            <span className={s.noticeIcon}>
              <ShieldAlert size={22} aria-hidden="true" />
            </span>
            <p>{t('auth:change.forcedLead')}</p>
          </div>
        ) : (
          <p className={s.lead}>{t('auth:change.lead')}</p>
        )}
        <Field id={`${id}-o`} label={t('auth:field.oldPassword')} name="oldPassword" value={v.oldPassword ?? ''} onChange={set('oldPassword')} error={text(errors.oldPassword)} required secret autoComplete="current-password" maxLength={64} data-autofocus />
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
        {needsCode && (
          <Field
            id={`${id}-c`}
            label={t('auth:field.verificationCode')}
            name="verificationCode"
            value={v.verificationCode ?? ''}
            onChange={set('verificationCode')}
            error={text(errors.verificationCode)}
            hint={target ? t('auth:change.codeSent', { target }) : t('auth:change.codeLead')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            addon={<SmsCodeButton send={sendCode} onError={(err) => setServerError(errorMessage(t, err))} data-testid="change-password-code-button" />}
          />
        )}
        {serverError && (
          <p className={s.serverError} role="alert" data-testid="change-password-error">
            {serverError}
          </p>
        )}
        <Button type="submit" size="lg" block loading={busy} icon={<KeyRound size={18} aria-hidden="true" />}>
          {t('auth:change.submit')}
        </Button>
        {forced && (
          <Button variant="ghost" block loading={leaving} icon={<LogOut size={18} aria-hidden="true" />} onClick={leave} data-testid="change-password-logout">
            {t('auth:change.logout')}
          </Button>
        )}
      </form>
    </Dialog>
  );
}
