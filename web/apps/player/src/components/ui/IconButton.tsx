import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import s from './IconButton.module.css';

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  /** Accessible name (required: the button shows only an icon). */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'surface' | 'primary';
  size?: 'sm' | 'md' | 'lg';
};

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', size = 'md', className, type = 'button', title, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={title ?? label}
      className={[s.btn, s[variant], s[size], className ?? ''].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon}
    </button>
  );
});
