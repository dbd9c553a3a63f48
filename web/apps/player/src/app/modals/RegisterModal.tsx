// Register popup (registerModal, spec sections 2-5): banner, tabs for username
// and mobile registration as the whitelabel switches allow (no tabs when only
// one), the fields and rules of the brand's register settings, the SMS code
// for mobile registration with REGMOBVERF3, the invitation-code check before
// submitting, age and terms, the bot check, then PUT /wps/member/register or
// /register/mobile. Success logs the new member in, closes and goes to /.
import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { Dialog, errorCode, errorMessage, Tabs } from '@/components/ui';
import type { RegisterField } from '@/features/system/api/status';
import { Captcha } from '@/features/auth/Captcha';
import { Field } from '@/features/auth/Field';
import { MobileField } from '@/features/auth/MobileField';
import { SmsCodeButton } from '@/features/auth/SmsCodeButton';
import { checkAffiliate, register, sendRegisterCode, type RegisterBody } from '@/features/auth/api';
import { DEFAULT_DIALING_CODE } from '@/features/auth/dialingCodes';
import { registerModes, switchEnabled } from '@/features/system/switches';
import { ThirdPartyLogin } from '@/features/auth/oauth/ThirdPartyLogin';
import { establishSession } from '@/lib/session';
import { solveBotCheck } from '@/lib/botcheck';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useBrandInfo } from '../brand';
import { useAppNavigate } from '../navigation';
import { AuthBanner } from './AuthBanner';
import { AuthFormFooter } from './AuthFormFooter';
import { birthdayMessage, fieldMessage, trimField, type FieldMessage } from './registerRules';
import s from './forms.module.css';

export type RegisterModalProps = { open: boolean; onClose: () => void; onLogin: () => void };

type Mode = 'username' | 'mobile';

/** Optional fields in the order the form shows them (spec section 3, registration user). */
export const OPTIONAL_FIELDS = [
  'payeeName', 'email', 'mobileNum', 'affiliateCode', 'recommenderId', 'paymentPassword', 'qqNum', 'line', 'whatsapp',
  'facebook', 'telegram', 'zalo', 'wechat', 'idNumber', 'birthday', 'nationality', 'address', 'occupation', 'sourceOfIncome',
] as const;

const INPUT: Record<string, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'text'; secret?: boolean }> = {
  username: { autoComplete: 'username' },
  password: { secret: true, autoComplete: 'new-password' },
  confirmPassword: { secret: true, autoComplete: 'new-password' },
  paymentPassword: { secret: true, autoComplete: 'off', inputMode: 'numeric' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  payeeName: { autoComplete: 'name' },
  verificationCode: { autoComplete: 'one-time-code', inputMode: 'numeric' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { inputMode: 'numeric', type: 'tel' },
  zalo: { inputMode: 'numeric', type: 'tel' },
  birthday: { type: 'date', autoComplete: 'bday' },
  address: { autoComplete: 'street-address' },
};
/** Fields shown in pairs on wide screens; every other field takes the whole row. */
const HALF = new Set(['password', 'confirmPassword']);

/** When the brand has no rule for a field the mobile form needs, the server's own bounds apply. */
const FALLBACK_RULES: Record<string, RegisterField> = {
  mobileNum: { field: 'mobileNum', enabled: true, required: true, acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 15, patternId: 'DIGITS' },
  verificationCode: { field: 'verificationCode', enabled: true, required: true, acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 6, patternId: 'DIGITS' },
  affiliateCode: { field: 'affiliateCode', enabled: true, required: true, acceptedPattern: '^[A-Za-z0-9]+$', minLength: 1, maxLength: 32, patternId: 'LETTERS_OR_DIGITS' },
};

/** The fields a mode shows, each with the rule it is checked by (required as the mode needs). */
export function formFields(
  rules: RegisterField[] | undefined,
  mode: Mode,
  opts: { mobileCode: boolean; mobilePassword: boolean; affiliateRequired?: boolean },
): RegisterField[] {
  const byName = new Map((rules ?? []).filter((r) => r.enabled).map((r) => [r.field, r]));
  const out: RegisterField[] = [];
  const add = (name: string, required?: boolean) => {
    // Without DIRECTREG3 nobody signs up without an agent: the invitation code is required.
    if (name === 'affiliateCode' && opts.affiliateRequired) required = true;
    const rule = byName.get(name) ?? (required ? FALLBACK_RULES[name] : undefined);
    if (rule) out.push(required === undefined ? rule : { ...rule, required });
  };
  if (mode === 'username') {
    add('username', true);
    add('password', true);
    add('confirmPassword', true);
    for (const f of OPTIONAL_FIELDS) add(f);
  } else {
    add('mobileNum', true);
    if (opts.mobileCode) add('verificationCode', true);
    add('password', opts.mobilePassword);
    add('confirmPassword', opts.mobilePassword);
    for (const f of OPTIONAL_FIELDS) if (f !== 'mobileNum') add(f);
  }
  // The captcha (H1's component) comes last; mobile registration with an SMS code needs none.
  if (!(mode === 'mobile' && opts.mobileCode)) add('captcha');
  return out;
}

/**
 * Client checks before submitting (spec section 5): every shown field by its
 * rule, confirmation equal, a birthday at least 21 years back, age and terms.
 * Optional passwords of a mobile registration are checked only when given.
 */
export function validateRegisterForm(
  fields: RegisterField[],
  values: Record<string, string>,
  opts: { adult: boolean; terms: boolean; ageLimit: number; captchaKey?: string; now?: Date },
): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  const passwordOptional = fields.some((f) => f.field === 'password' && !f.required);
  const noPassword = passwordOptional && !trimField(values.password ?? '') && !trimField(values.confirmPassword ?? '');
  for (const f of fields) {
    if (noPassword && (f.field === 'password' || f.field === 'confirmPassword')) continue;
    const rule = passwordOptional && (f.field === 'password' || f.field === 'confirmPassword') ? { ...f, required: true } : f;
    const value = values[f.field] ?? '';
    let m = fieldMessage(rule, f.field === 'birthday' ? toRuleDate(value, f.patternId) : value, values);
    if (!m && f.field === 'birthday') m = birthdayMessage(toRuleDate(value, f.patternId), f.patternId, opts.now ?? new Date());
    if (!m && f.field === 'captcha' && f.required !== false && !trimField(value)) m = { key: 'rule.captcha' };
    if (m) errors[f.field] = m;
  }
  if (!opts.adult) errors.adult = { key: 'rule.adult', params: { age: opts.ageLimit } };
  if (!opts.terms) errors.terms = { key: 'rule.terms' };
  return errors;
}

/** The date input gives yyyy-MM-dd; a DATE_MDY rule wants MM-dd-yyyy. */
export function toRuleDate(value: string, patternId: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m && patternId === 'DATE_MDY' ? `${m[2]}-${m[3]}-${m[1]}` : value;
}

/** Where a server error belongs in the form (else it is shown above the button). */
const ERROR_FIELD: Record<string, string> = {
  'account.username_taken': 'username',
  'account.password_rule': 'password',
  'account.common_password': 'password',
  'account.password_is_username': 'password',
  'account.password_mismatch': 'confirmPassword',
  'account.affiliate_invalid': 'affiliateCode',
  'account.mobile_taken': 'mobileNum',
  'sms.invalid_mobile': 'mobileNum',
  'sms.mobile_required': 'mobileNum',
  'sms.invalid_code': 'verificationCode',
  'sms.code_required': 'verificationCode',
  'sms.code_expired': 'verificationCode',
  'auth.captcha_invalid': 'captcha',
};

/** The ?referralCode= (or ?ref=) and ?affiliateCode= of the page that opened the form (spec section 3). */
function queryCodes(): { referralCode: string; affiliateCode: string } {
  try {
    const q = new URLSearchParams(globalThis.location?.search ?? '');
    return { referralCode: (q.get('referralCode') ?? q.get('ref') ?? '').trim(), affiliateCode: (q.get('affiliateCode') ?? '').trim() };
  } catch {
    return { referralCode: '', affiliateCode: '' };
  }
}

export default function RegisterModal({ open, onClose, onLogin }: RegisterModalProps) {
  const { t } = useTranslation(['auth', 'errors', 'layout'], { useSuspense: true });
  const id = useId();
  const info = useBrandInfo();
  const actions = useUiActions();
  const navigate = useAppNavigate();
  const modes = registerModes(info.whitelabel);
  const available = useMemo(() => [...(modes.username ? ['username' as const] : []), ...(modes.mobile ? ['mobile' as const] : [])], [modes.username, modes.mobile]);
  const [mode, setMode] = useState<Mode>(available[0] ?? 'username');
  const fields = useMemo(
    () =>
      formFields(info.register?.fields, mode, {
        mobileCode: modes.mobileCode,
        mobilePassword: modes.mobilePassword,
        affiliateRequired: !switchEnabled(info.whitelabel, 'DIRECTREG3'),
      }),
    [info.register, info.whitelabel, mode, modes.mobileCode, modes.mobilePassword],
  );
  const codes = useMemo(queryCodes, []);
  const [values, setValues] = useState<Record<string, string>>(() => (codes.affiliateCode ? { affiliateCode: codes.affiliateCode } : ({} as Record<string, string>)));
  const [dial, setDial] = useState(DEFAULT_DIALING_CODE);
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaReload, setCaptchaReload] = useState(0);
  const [adult, setAdult] = useState(false);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, FieldMessage | string | undefined>>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ageLimit = info.ageLimit || 18;
  const domain = globalThis.location?.hostname ?? '';

  const set = (name: string) => (v: string) => {
    setValues((old) => ({ ...old, [name]: v }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const text = (m: FieldMessage | string | undefined) => (m === undefined ? undefined : typeof m === 'string' ? m : t(`auth:${m.key}`, m.params));
  const label = (name: string) => t(`auth:field.${name}`, { defaultValue: name });

  const switchMode = (next: string) => {
    setMode(next as Mode);
    setErrors({});
    setServerError(undefined);
  };

  const sendCode = useCallback(async () => {
    const rule = fields.find((f) => f.field === 'mobileNum')!;
    const problem = fieldMessage(rule, values.mobileNum ?? '');
    if (problem) {
      setErrors((e) => ({ ...e, mobileNum: problem }));
      throw Object.assign(new Error('mobile'), { code: 'local.field' });
    }
    setServerError(undefined);
    return sendRegisterCode({ countryDialingCode: dial, mobileNum: trimField(values.mobileNum ?? '') });
  }, [fields, values.mobileNum, dial]);

  const onCodeError = useCallback(
    (err: unknown) => {
      const code = errorCode(err);
      if (code === 'local.field') return;
      const field = code ? ERROR_FIELD[code] : undefined;
      if (field === 'mobileNum') setErrors((e) => ({ ...e, mobileNum: errorMessage(t, err) }));
      else setServerError(errorMessage(t, err));
    },
    [t],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next = validateRegisterForm(fields, values, { adult, terms, ageLimit, captchaKey });
    setErrors(next);
    setServerError(undefined);
    if (Object.keys(next).length) {
      focusFirstError();
      return;
    }
    setBusy(true);
    const affiliateCode = trimField(values.affiliateCode ?? '');
    try {
      if (affiliateCode) {
        try {
          await checkAffiliate(affiliateCode, domain);
        } catch (err) {
          const code = errorCode(err);
          if (code === 'account.affiliate_invalid' || code === 'account.field_required') {
            setErrors((x) => ({ ...x, affiliateCode: { key: 'rule.invitation' } }));
            return;
          }
          throw err;
        }
      }
      const botcheck = await solveBotCheck();
      const body: RegisterBody = {
        registerUrl: globalThis.location.href.slice(0, 256),
        domain,
        registerMethod: 'WEB',
        login: true,
        botcheck,
        referralCode: codes.referralCode || undefined,
      };
      for (const f of fields) {
        if (f.field === 'captcha') continue;
        const v = trimField(values[f.field] ?? '');
        if (v) body[f.field] = f.field === 'birthday' ? toRuleDate(v, f.patternId) : v;
      }
      if (body.mobileNum) body.countryDialingCode = dial;
      if (fields.some((f) => f.field === 'captcha')) {
        body.captcha = trimField(values.captcha ?? '');
        body.captchaKey = captchaKey;
      }
      const result = await register(body, mode === 'mobile');
      await establishSession(result, { loginType: 'username', username: result.userInfo?.account });
      onClose();
      navigate(paths.home);
    } catch (err) {
      const code = errorCode(err);
      const field = code ? ERROR_FIELD[code] : undefined;
      if (field && fields.some((f) => f.field === field)) setErrors((x) => ({ ...x, [field]: errorMessage(t, err) }));
      else setServerError(errorMessage(t, err));
      // A captcha is single use: whatever went wrong, show a fresh one.
      if (fields.some((f) => f.field === 'captcha')) {
        setValues((v) => ({ ...v, captcha: '' }));
        setCaptchaReload((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const renderField = (f: RegisterField, index: number) => {
    const fid = `${id}-${mode}-${f.field}`;
    const err = text(errors[f.field]);
    const wide = HALF.has(f.field) ? undefined : s.wide;
    if (f.field === 'captcha') {
      return (
        <div key="captcha" className={s.wide}>
          <Captcha value={values.captcha ?? ''} onChange={set('captcha')} onKeyChange={setCaptchaKey} error={err} reload={captchaReload} />
        </div>
      );
    }
    if (f.field === 'mobileNum') {
      return (
        <MobileField
          key={f.field}
          id={fid}
          className={s.wide}
          label={label('mobileNum')}
          dialingCode={dial}
          onDialingCode={setDial}
          value={values.mobileNum ?? ''}
          onChange={set('mobileNum')}
          error={err}
          required={f.required}
          maxLength={f.maxLength || 15}
        />
      );
    }
    const input = INPUT[f.field] ?? {};
    return (
      <Field
        key={f.field}
        id={fid}
        className={wide}
        label={label(f.field)}
        name={f.field}
        value={values[f.field] ?? ''}
        onChange={set(f.field)}
        error={err}
        required={f.required}
        secret={input.secret}
        type={input.type}
        inputMode={input.inputMode}
        autoComplete={input.autoComplete ?? 'off'}
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus={index === 0 ? '' : undefined}
        maxLength={f.field === 'birthday' ? undefined : f.maxLength || undefined}
        hint={f.field === 'password' && mode === 'mobile' && !f.required ? t('auth:register.passwordOptional') : undefined}
        addon={
          f.field === 'verificationCode' ? (
            <SmsCodeButton send={sendCode} onError={onCodeError} data-testid="register-sms-button" />
          ) : undefined
        }
      />
    );
  };

  const form = (
    <form ref={formRef} className={s.form} onSubmit={submit} noValidate data-testid={`register-form-${mode}`}>
      <div className={s.grid}>{fields.map(renderField)}</div>
      <label className={s.check}>
        <input type="checkbox" name="adult" checked={adult} onChange={(e) => setAdult(e.target.checked)} aria-invalid={!!errors.adult} />
        <span>{t('auth:register.adult', { age: ageLimit })}</span>
      </label>
      {errors.adult && (
        <p className="field-error" role="alert">
          {text(errors.adult)}
        </p>
      )}
      <label className={s.check}>
        <input type="checkbox" name="terms" checked={terms} onChange={(e) => setTerms(e.target.checked)} aria-invalid={!!errors.terms} />
        <span>
          <Trans
            t={t}
            i18nKey="auth:register.terms"
            components={{ 1: <button type="button" className={s.linkBtn} onClick={() => actions.openHelp('term')} /> }}
          />
        </span>
      </label>
      {errors.terms && (
        <p className="field-error" role="alert">
          {text(errors.terms)}
        </p>
      )}
      <AuthFormFooter
        serverError={serverError}
        errorTestId="register-error"
        busy={busy}
        submitIcon={<UserPlus size={18} aria-hidden="true" />}
        submitLabel={t('auth:register.submit')}
        switchPrompt={t('auth:register.haveAccount')}
        switchLabel={t('auth:register.loginNow')}
        onSwitch={onLogin}
      />
    </form>
  );

  return (
    <Dialog open={open} onClose={onClose} title={t('auth:register.title')} size="md" hero={<AuthBanner />} data-testid="register-modal">
      {available.length === 0 ? (
        <p className={s.lead} role="status">
          {t('auth:register.closed')}
        </p>
      ) : (
        <>
          <p className={s.lead}>{t('auth:register.lead', { brand: info.brandName })}</p>
          {available.length > 1 ? (
            <Tabs
              tabs={available.map((k) => ({ key: k, label: t(`auth:register.tab.${k}`) }))}
              value={mode}
              onChange={switchMode}
              label={t('auth:register.tabsLabel')}
              className={s.tabs}
            >
              {form}
            </Tabs>
          ) : (
            form
          )}
          {/* Sign-up with Google or Facebook: back on this page, a referral link's code goes with it. */}
          <ThirdPartyLogin onLoggedIn={onClose} />
        </>
      )}
    </Dialog>
  );
}
