import s from './Spinner.module.css';

export type SpinnerProps = {
  size?: number;
  /** Hidden from assistive tech (its parent announces the state). Otherwise `label` is announced. */
  decorative?: boolean;
  label?: string;
  className?: string;
};

export function Spinner({ size = 24, decorative = false, label, className }: SpinnerProps) {
  const svg = (
    <svg className={s.svg} width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative || !label) return <span className={[s.wrap, className ?? ''].join(' ')}>{svg}</span>;
  return (
    <span role="status" className={[s.wrap, className ?? ''].join(' ')}>
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
