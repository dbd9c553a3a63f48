// Small labelled controls the shared kit has no version of (check box, text
// area), styled like its fields and wired to react-hook-form the same way.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import s from './Brand.module.css';

export const Check = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; hint?: ReactNode }>(function Check(
  { label, hint, id, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={s.check}>
      <input ref={ref} id={fid} type="checkbox" aria-describedby={hint ? `${fid}-hint` : undefined} {...rest} />
      <label htmlFor={fid}>{label}</label>
      {hint && (
        <span id={`${fid}-hint`} className={s.hint}>
          {hint}
        </span>
      )}
    </div>
  );
});

export const Area = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string; hint?: ReactNode }>(function Area(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  const described = [error ? `${fid}-error` : '', hint ? `${fid}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[s.area, className ?? ''].join(' ')}>
      <label htmlFor={fid} className={s.areaLabel}>
        {label}
      </label>
      <textarea ref={ref} id={fid} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
      {hint && !error && (
        <p id={`${fid}-hint`} className={s.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fid}-error`} className={s.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});

export function Section({ title, intro, children, actions }: { title: string; intro?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className={s.section} aria-label={title}>
      <div className={s.sectionHead}>
        <div>
          <h2 className={s.h2}>{title}</h2>
          {intro && <p className={s.intro}>{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
