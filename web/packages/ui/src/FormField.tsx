// Labelled form fields that take react-hook-form's register() result as
// props (name, onChange, onBlur, ref): the label is tied to the control, the
// error is announced and linked by aria-describedby, aria-invalid is set.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import s from './FormField.module.css';

type FieldFrame = { label: ReactNode; error?: string; hint?: ReactNode; className?: string };

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

function Frame({ id, label, error, hint, className, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={[s.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className={s.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={s.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & FieldFrame & { inputClassName?: string };

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, className, inputClassName, id, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Frame id={fid} label={label} error={error} hint={hint} className={className}>
      <input ref={ref} id={fid} className={[s.control, inputClassName ?? ''].join(' ')} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, error, hint)} {...rest} />
    </Frame>
  );
});

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & FieldFrame;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, className, id, children, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Frame id={fid} label={label} error={error} hint={hint} className={className}>
      <select ref={ref} id={fid} className={s.control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, error, hint)} {...rest}>
        {children}
      </select>
    </Frame>
  );
});
