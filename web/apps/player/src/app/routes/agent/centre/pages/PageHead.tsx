// The heading of an agent-centre page: icon, title, a lead line and actions.
import type { ReactNode } from 'react';
import s from './pages.module.css';

export function PageHead({ icon, title, lead, actions }: { icon: ReactNode; title: string; lead?: string; actions?: ReactNode }) {
  return (
    <header className={s.head}>
      <span className={s.headIcon} aria-hidden="true">
        {icon}
      </span>
      <div className={s.headText}>
        <h1 className={s.title}>{title}</h1>
        {lead && <p className={s.subtitle}>{lead}</p>}
      </div>
      {actions && <div className={s.headActions}>{actions}</div>}
    </header>
  );
}
