import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Spinner } from './Spinner';
import s from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg';
export type ButtonStyleProps = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

/** Class names for a button look, so links can look like buttons too. */
export function buttonClassName({ variant = 'primary', size = 'md', block = false }: ButtonStyleProps = {}, extra?: string): string {
  return [s.btn, s[variant], s[size], block ? s.block : '', extra ?? ''].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyleProps & {
    /** Shows a spinner, disables the button and sets aria-busy. */
    loading?: boolean;
    icon?: ReactNode;
    iconEnd?: ReactNode;
  };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, loading = false, icon, iconEnd, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClassName({ variant, size, block }, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size={size === 'sm' ? 14 : 16} decorative /> : icon}
      {children !== undefined && children !== null && <span className={s.label}>{children}</span>}
      {iconEnd}
    </button>
  );
});
