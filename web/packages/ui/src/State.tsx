// Empty and error states. The app passes translated text; ErrorState shows a
// retry button when given onRetry.
import type { ReactNode } from 'react';
import { Inbox, RotateCw, TriangleAlert, WifiOff } from 'lucide-react';
import { Button } from './Button';
import s from './State.module.css';

export type EmptyStateProps = { title: ReactNode; description?: ReactNode; icon?: ReactNode; action?: ReactNode; compact?: boolean; className?: string };

export function EmptyState({ title, description, icon, action, compact = false, className }: EmptyStateProps) {
  return (
    <div className={[s.state, compact ? s.compact : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className={s.icon} aria-hidden="true">
        {icon ?? <Inbox size={28} strokeWidth={1.75} />}
      </div>
      <p className={s.title}>{title}</p>
      {description && <p className={s.desc}>{description}</p>}
      {action && <div className={s.action}>{action}</div>}
    </div>
  );
}

export type ErrorStateProps = {
  title: ReactNode;
  /** The translated error message. */
  message?: ReactNode;
  offline?: boolean;
  onRetry?: () => void;
  retryLabel?: string;
  retrying?: boolean;
  compact?: boolean;
  className?: string;
};

export function ErrorState({ title, message, offline = false, onRetry, retryLabel, retrying = false, compact = false, className }: ErrorStateProps) {
  return (
    <div role="alert" className={[s.state, s.error, compact ? s.compact : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className={s.icon} aria-hidden="true">
        {offline ? <WifiOff size={28} strokeWidth={1.75} /> : <TriangleAlert size={28} strokeWidth={1.75} />}
      </div>
      <p className={s.title}>{title}</p>
      {message && <p className={s.desc}>{message}</p>}
      {onRetry && (
        <div className={s.action}>
          <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying} icon={<RotateCw size={14} />}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
