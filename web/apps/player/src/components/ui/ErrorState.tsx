import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCw, TriangleAlert, WifiOff } from 'lucide-react';
import { Button } from './Button';
import { errorMessage, errorCode } from './errorMessage';
import s from './State.module.css';

export type ErrorStateProps = {
  /** The error (an ApiError is translated as errors.<code>). */
  error?: unknown;
  title?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retrying?: boolean;
  compact?: boolean;
  className?: string;
};

export function ErrorState({ error, title, onRetry, retrying = false, compact = false, className }: ErrorStateProps) {
  const { t } = useTranslation(['common', 'errors']);
  const offline = errorCode(error) === 'network.offline';
  return (
    <div role="alert" className={[s.state, s.error, compact ? s.compact : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className={s.icon} aria-hidden="true">
        {offline ? <WifiOff size={28} strokeWidth={1.75} /> : <TriangleAlert size={28} strokeWidth={1.75} />}
      </div>
      <p className={s.title}>{title ?? t('common:error.title')}</p>
      {error !== undefined && error !== null && <p className={s.desc}>{errorMessage(t, error)}</p>}
      {onRetry && (
        <div className={s.action}>
          <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying} icon={<RotateCw size={14} />}>
            {t('common:retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
