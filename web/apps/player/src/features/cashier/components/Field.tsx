// A labelled input with hint and error (the global .field/.input styles), and
// an optional show/hide toggle for secrets such as the payment password.
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import s from './cashier.module.css';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: ReactNode;
  secret?: boolean;
  /** Content after the input, inside the field (e.g. quick-amount chips). */
  after?: ReactNode;
  className?: string;
};

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { id, label, value, onChange, error, hint, secret, after, className, type, ...input },
  ref,
) {
  const { t } = useTranslation('cashier', { useSuspense: true });
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
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {secret ? (
        <div className={s.secret}>
          {control}
          <button type="button" className={s.secretToggle} onClick={() => setShow((v) => !v)} aria-label={show ? t('common.hidePassword') : t('common.showPassword')} aria-pressed={show}>
            {show ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
      ) : (
        control
      )}
      {after}
      {hint && (
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
