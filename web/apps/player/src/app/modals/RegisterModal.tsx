// Register popup (registerModal): the w_login banner and the form shell built
// from the brand's registration rules (spec section 5). Submitting calls
// PUT /wps/member/register; until the accounts issue lands the server's
// translated error is shown.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { Dialog, errorMessage } from '@/components/ui';
import type { RegisterField } from '@/features/system/api/status';
import { apiRequest } from '@/lib/api';
import { useBrandInfo } from '../brand';
import { AuthBanner } from './AuthBanner';
import { AuthFormFooter } from './AuthFormFooter';
import { validateRegisterField } from './registerRules';
import s from './forms.module.css';

export type RegisterModalProps = { open: boolean; onClose: () => void; onLogin: () => void };

/** Fields this shell collects; captcha and SMS verification arrive with the accounts issue. */
const SHELL_FIELDS = ['username', 'password', 'confirmPassword', 'mobileNum', 'email', 'payeeName', 'affiliateCode'];
const INPUT_TYPE: Record<string, string> = { password: 'password', confirmPassword: 'password', email: 'email', mobileNum: 'tel' };
const AUTOCOMPLETE: Record<string, string> = { username: 'username', password: 'new-password', confirmPassword: 'new-password', email: 'email', mobileNum: 'tel', payeeName: 'name' };

export default function RegisterModal({ open, onClose, onLogin }: RegisterModalProps) {
  const { t } = useTranslation(['layout', 'errors', 'common']);
  const id = useId();
  const info = useBrandInfo();
  const fields = useMemo<RegisterField[]>(
    () => SHELL_FIELDS.map((f) => info.register?.fields?.find((r) => r.field === f && r.enabled)).filter((r): r is RegisterField => !!r),
    [info.register],
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ageLimit = info.ageLimit || 18;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string | undefined> = {};
    for (const f of fields) {
      const problem = validateRegisterField(f, values[f.field] ?? '', values);
      if (problem) next[f.field] = t(`layout:auth.rule.${problem.kind}`, problem.params);
    }
    if (!adult) next.adult = t('layout:auth.rule.adult', { age: ageLimit });
    setErrors(next);
    setServerError(undefined);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      const body: Record<string, unknown> = { registerMethod: 'WEB', domain: location.hostname, registerUrl: location.href };
      for (const f of fields) body[f.field] = (values[f.field] ?? '').trim();
      await apiRequest('PUT', '/wps/member/register', { body });
      onClose();
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('layout:auth.registerTitle')} size="md" hero={<AuthBanner />} data-testid="register-modal">
      <p className={s.lead}>{t('layout:auth.registerLead', { brand: info.brandName })}</p>
      <form className={s.form} onSubmit={submit} noValidate>
        <div className={s.grid}>
          {fields.map((f) => {
            const fid = `${id}-${f.field}`;
            const err = errors[f.field];
            return (
              <div key={f.field} className={['field', f.field === 'username' || f.field === 'email' ? s.wide : ''].join(' ')}>
                <label className="field-label" htmlFor={fid}>
                  {t(`layout:auth.field.${f.field}`, { defaultValue: f.field })}
                  {f.required && <span className={s.req} aria-hidden="true"> *</span>}
                </label>
                <input
                  id={fid}
                  className="input"
                  name={f.field}
                  type={INPUT_TYPE[f.field] ?? 'text'}
                  autoComplete={AUTOCOMPLETE[f.field] ?? 'off'}
                  maxLength={f.maxLength || undefined}
                  value={values[f.field] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [f.field]: e.target.value }))}
                  aria-required={f.required}
                  aria-invalid={!!err}
                  aria-describedby={err ? `${fid}-e` : undefined}
                />
                {err && (
                  <p id={`${fid}-e`} className="field-error" role="alert">
                    {err}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <label className={s.check}>
          <input type="checkbox" checked={adult} onChange={(e) => setAdult(e.target.checked)} aria-invalid={!!errors.adult} />
          <span>{t('layout:auth.adultConfirm', { age: ageLimit })}</span>
        </label>
        {errors.adult && (
          <p className="field-error" role="alert">
            {errors.adult}
          </p>
        )}
        <AuthFormFooter
          serverError={serverError}
          errorTestId="register-error"
          busy={busy}
          submitIcon={<UserPlus size={18} aria-hidden="true" />}
          submitLabel={t('layout:auth.register')}
          switchPrompt={t('layout:auth.haveAccount')}
          switchLabel={t('layout:auth.loginNow')}
          onSwitch={onLogin}
        />
      </form>
    </Dialog>
  );
}
