import type { CSSProperties } from 'react';
import s from './Skeleton.module.css';

export type SkeletonProps = {
  width?: number | string;
  height?: number | string;
  /** Border radius; defaults to the control radius, 'card' for 12 px, 'circle' for round. */
  radius?: number | string | 'card' | 'circle';
  /** Keep an aspect ratio instead of a fixed height (e.g. '1 / 1' for square game art). */
  aspectRatio?: string;
  className?: string;
  style?: CSSProperties;
};

/** A shimmering placeholder with fixed geometry, so content arriving causes no layout shift. */
export function Skeleton({ width = '100%', height = 16, radius, aspectRatio, className, style }: SkeletonProps) {
  const r = radius === 'card' ? 'var(--radius-card)' : radius === 'circle' ? '999px' : radius ?? 'var(--radius-control)';
  return (
    <span
      aria-hidden="true"
      className={['skeleton', s.sk, className ?? ''].filter(Boolean).join(' ')}
      style={{ width, height: aspectRatio ? 'auto' : height, aspectRatio, borderRadius: r, ...style }}
    />
  );
}

/** Several text-line skeletons, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span className={[s.lines, className ?? ''].join(' ')} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={12} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}
