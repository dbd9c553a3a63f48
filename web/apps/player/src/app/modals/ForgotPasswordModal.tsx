// Forgot-password popup (forgetPassModal, spec sections 2-5): banner group
// w_forget, tabs e-mail and mobile. By e-mail: username and e-mail go as a
// form post; the answer never says whether they matched, so the popup shows
// one confirmation and closes. By mobile: an SMS code and a new password log
// the member in and go to /.
import { useCallback, useId, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, Mail, Smartphone } from 'lucide-react';
import { Button, Dialog, errorCode, errorMessage, Tabs } from '@/components/ui';
import type { RegisterField } from '@/features/system/api/status';
import { Field } from '@/features/auth/Field';
import { MobileField } from '@/features/auth/MobileField';
import { SmsCodeButton } from '@/features/auth/SmsCodeButton';
import { requestResetMail, resetByPhone, sendNoLoginCode } from '@/features/auth/api';
import { DEFAULT_DIALING_CODE } from '@/features/auth/dialingCodes';
import { establishSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useBrandInfo } from '../brand';
import { useAppNavigate } from '../navigation';
import { AuthBanner } from './AuthBanner';
import { fieldMessage, trimField, type FieldMessage } from './registerRules';
import { newPasswordErrors, passwordRule } from './passwordForm';
import s from './forms.module.css';

export type ForgotPasswordModalProps = { open: boolean; onClose: () => void; onLogin: () => void };

type Tab = 'email' | 'mobile';
type Errors = Record<string, FieldMessage | string | undefined>;

const MOBILE_RULE: RegisterField = { field: 'mobileNum', enabled: true, required: true, acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 15, patternId: 'DIGITS' };
const CODE_RULE: RegisterField = { field: 'verificationCode', enabled: true, required: true, acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 6, patternId: 'DIGITS' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

const PHONE_ERROR_FIELD: Record<string, string> = {
  'sms.invalid_mobile': 'mobileNum',
  'sms.mobile_required': 'mobileNum',
  'sms.invalid_code': 'verificationCode',
  'sms.code_required': 'verificationCode',
  'sms.code_expired': 'verificationCode',
  'account.password_rule': 'newPassword',
  'account.common_password': 'newPassword',
  'account.password_is_username': 'newPassword',
  'account.password_mismatch': 'confirmNewPassword',
};

export default function ForgotPasswordModal({ open, onClose, onLogin }: ForgotPasswordModalProps) {
  const { t } = useTranslation(['auth', 'errors', 'layout'], { useSuspense: true });
  const id = useId();
  const info = useBrandInfo();
  const navigate = useAppNavigate();
  const mobileRule = info.register?.fields?.find((f) => f.field === 'mobileNum' && f.enabled);
  const pwRule = passwordRule(info.register?.fields);
  const [tab, setTab] = useState<Tab>('email');
  const [v, setV] = useState<Record<string, string>>({});
  const [dial, setDial] = useState(DEFAULT_DIALING_CODE);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (name: string) => (value: string) => {
    setV((old) => ({ ...old, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const text = (m: FieldMessage | string | undefined) => (m === undefined ? undefined : typeof m === 'string' ? m : t(`auth:${m.key}`, m.params));
  const mobileProblem = () => fieldMessage(mobileRule ? { ...mobileRule, required: true } : MOBILE_RULE, v.mobileNum ?? '');

  const close = () => {
    onClose();
    // Start clean next time (the popup stays mounted).
    setTimeout(() => {
      setSent(false);
      setErrors({});
      setServerError(undefined);
      setV({});
    }, 250);
  };

  const submitEmail = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: Errors = {};
    const username = trimField(v.username ?? '');
    const email = trimField(v.email ?? '');
    if (!username) next.username = { key: 'rule.usernameRequired' };
    if (!email) next.email = { key: 'rule.emailRequired' };
    else if (!EMAIL_RE.test(email)) next.email = { key: 'rule.email' };
    setErrors(next);
    setServerError(undefined);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await requestResetMail(username, email);
      setSent(true);
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = useCallback(async () => {
    const problem = mobileProblem();
    if (problem) {
      setErrors((e) => ({ ...e, mobileNum: problem }));
      throw Object.assign(new Error('mobile'), { code: 'local.field' });
    }
    setServerError(undefined);
    return sendNoLoginCode({ countryDialingCode: dial, mobileNum: trimField(v.mobileNum ?? '') });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [v.mobileNum, dial, mobileRule]);

  const onCodeError = useCallback(
    (err: unknown) => {
      const code = errorCode(err);
      if (code === 'local.field') return;
      if (code && PHONE_ERROR_FIELD[code] === 'mobileNum') setErrors((e) => ({ ...e, mobileNum: errorMessage(t, err) }));
      else setServerError(errorMessage(t, err));
    },
    [t],
  );

  const submitMobile = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: Errors = {};
    const mp = mobileProblem();
    if (mp) next.mobileNum = mp;
    const cp = fieldMessage(CODE_RULE, v.verificationCode ?? '');
    if (cp) next.verificationCode = cp;
    Object.assign(next, newPasswordErrors(pwRule, v.newPassword ?? '', v.confirmNewPassword ?? ''));
    setErrors(next);
    setServerError(undefined);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const result = await resetByPhone({
        countryDialingCode: dial,
        mobileNum: trimField(v.mobileNum ?? ''),
        verificationCode: trimField(v.verificationCode ?? ''),
        newPassword: trimField(v.newPassword ?? ''),
        confirmNewPassword: trimField(v.confirmNewPassword ?? ''),
      });
      await establishSession(result, { loginType: 'sms' });
      close();
      navigate(paths.home);
    } catch (err) {
      const code = errorCode(err);
      const field = code ? PHONE_ERROR_FIELD[code] : undefined;
      if (field) setErrors((x) => ({ ...x, [field]: errorMessage(t, err) }));
      else setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const switchTab = (k: string) => {
    setTab(k as Tab);
    setErrors({});
    setServerError(undefined);
  };

  const footer = (label: string, icon: ReactElement) => (
    <>
      {serverError && (
        <p className={s.serverError} role="alert" data-testid="forgot-error">
          {serverError}
        </p>
      )}
      <Button type="submit" size="lg" block loading={busy} icon={icon}>
        {label}
      </Button>
      <p className={s.switch}>
        {t('auth:forgot.remembered')}{' '}
        <button type="button" className={s.linkBtn} onClick={onLogin}>
          {t('auth:forgot.backToLogin')}
        </button>
      </p>
    </>
  );

  const emailForm = sent ? (
    <div className={s.form} data-testid="forgot-email-sent">
      <div className={s.notice} role="status">
        <span className={s.noticeIcon}>
          <Mail size={22} aria-hidden="true" />
        </span>
        <p>{t('auth:forgot.emailSent')}</p>
      </div>
      <Button size="lg" block onClick={close}>
        {t('auth:forgot.ok')}
      </Button>
    </div>
  ) : (
    <form className={s.form} onSubmit={submitEmail} noValidate data-testid="forgot-form-email">
      <p className={s.lead}>{t('auth:forgot.emailLead')}</p>
      <Field id={`${id}-u`} label={t('auth:field.username')} name="username" value={v.username ?? ''} onChange={set('username')} error={text(errors.username)} required autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={32} />
      <Field id={`${id}-e`} label={t('auth:field.email')} name="email" type="email" inputMode="email" value={v.email ?? ''} onChange={set('email')} error={text(errors.email)} required autoComplete="email" maxLength={128} />
      {footer(t('auth:forgot.submitEmail'), <Mail size={18} aria-hidden="true" />)}
    </form>
  );

  const mobileForm = (
    <form className={s.form} onSubmit={submitMobile} noValidate data-testid="forgot-form-mobile">
      <p className={s.lead}>{t('auth:forgot.mobileLead')}</p>
      <MobileField id={`${id}-m`} label={t('auth:field.mobileNum')} dialingCode={dial} onDialingCode={setDial} value={v.mobileNum ?? ''} onChange={set('mobileNum')} error={text(errors.mobileNum)} required maxLength={mobileRule?.maxLength || 15} />
      <Field
        id={`${id}-c`}
        label={t('auth:field.verificationCode')}
        name="verificationCode"
        value={v.verificationCode ?? ''}
        onChange={set('verificationCode')}
        error={text(errors.verificationCode)}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        addon={<SmsCodeButton send={sendCode} onError={onCodeError} data-testid="forgot-sms-button" />}
      />
      <div className={s.grid}>
        <Field id={`${id}-n`} label={t('auth:field.newPassword')} name="newPassword" value={v.newPassword ?? ''} onChange={set('newPassword')} error={text(errors.newPassword)} required secret autoComplete="new-password" maxLength={pwRule.maxLength || 64} />
        <Field id={`${id}-n2`} label={t('auth:field.confirmNewPassword')} name="confirmNewPassword" value={v.confirmNewPassword ?? ''} onChange={set('confirmNewPassword')} error={text(errors.confirmNewPassword)} required secret autoComplete="new-password" maxLength={pwRule.maxLength || 64} />
      </div>
      {footer(t('auth:forgot.submitMobile'), <KeyRound size={18} aria-hidden="true" />)}
    </form>
  );

  return (
    <Dialog open={open} onClose={close} title={t('auth:forgot.title')} size="md" hero={<AuthBanner group="w_forget" />} data-testid="forgot-password-modal">
      <Tabs
        tabs={[
          { key: 'email', label: t('auth:forgot.tab.email'), icon: <Mail size={16} aria-hidden="true" /> },
          { key: 'mobile', label: t('auth:forgot.tab.mobile'), icon: <Smartphone size={16} aria-hidden="true" /> },
        ]}
        value={tab}
        onChange={switchTab}
        label={t('auth:forgot.tabsLabel')}
        className={s.tabs}
      >
        {tab === 'email' ? emailForm : mobileForm}
      </Tabs>
    </Dialog>
  );
}
