import type { ReactNode } from 'react';
import { Banderitas } from './Banderitas';
import s from './Layout.module.css';

/** Controls beside the stage on desktop, below it on a phone. */
export function GameLayout({ controls, stage, label }: { controls: ReactNode; stage: ReactNode; label: string }) {
  return (
    <div className={s.layout}>
      <section className={s.stage} aria-label={label}>
        <Banderitas className={s.bunting} />
        {stage}
      </section>
      <div className={s.controls}>{controls}</div>
    </div>
  );
}

/** A labelled read-only figure in the controls (multiplier, chance, profit on win). */
export function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className={s.stat}>
      <span className={s.statLabel}>{label}</span>
      <span className={s.statValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
