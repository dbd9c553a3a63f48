// One labelled form field with its error, used by the account forms: a text
// or password input (with a show/hide toggle), the required star, and the
// error announced to assistive tech.
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import s from './fields.module.css';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** A password input with a show/hide toggle. */
  secret?: boolean;
  /** Beside the input (e.g. the send-code button). */
  addon?: ReactNode;
  className?: string;
};

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { id, label, value, onChange, error, hint, required, secret, addon, className, type, ...input },
  ref,
) {
  const { t } = useTranslation('auth', { useSuspense: true });
  const [show, setShow] = useState(false);
  const describedBy = [error ? `${id}-e` : '', hint ? `${id}-h` : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      ref={ref}
      id={id}
      className="input"
      type={secret ? (show ? 'text' : 'password') : (type ?? 'text')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={!!error}
      aria-required={required || undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className={s.req} aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      {secret ? (
        <div className={s.pwWrap}>
          {control}
          <button
            type="button"
            className={s.pwToggle}
            onClick={() => setShow((v) => !v)}
            aria-label={show ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={show}
          >
            {show ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
      ) : addon ? (
        <div className={s.row}>
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint && !error && (
        <p id={`${id}-h`} className={s.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-e`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
