import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import s from './State.module.css';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to an inbox icon. */
  icon?: ReactNode;
  /** A call to action, e.g. a <Button>. */
  action?: ReactNode;
  compact?: boolean;
  className?: string;
};

export function EmptyState({ title, description, icon, action, compact = false, className }: EmptyStateProps) {
  return (
    <div className={[s.state, compact ? s.compact : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className={s.icon} aria-hidden="true">{icon ?? <Inbox size={28} strokeWidth={1.75} />}</div>
      <p className={s.title}>{title}</p>
      {description && <p className={s.desc}>{description}</p>}
      {action && <div className={s.action}>{action}</div>}
    </div>
  );
}
