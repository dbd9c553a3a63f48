// The Plinko board (SVG): pegs, buckets with the multipliers of the chosen
// table, and balls that fall along the server's path, one arc per row.
import { memo, useEffect, useMemo, useRef } from 'react';
import { compactMultiplier } from '../shell/money';
import { ballAt, bucketHue, bucketX, BOARD_W, geometry, pegs, type Geometry } from './board';
import s from './Plinko.module.css';

export type Ball = { id: string; path: boolean[] };

export type PlinkoBoardProps = {
  rows: number;
  table: number[];
  balls: Ball[];
  reducedMotion: boolean;
  /** Bucket index that lit up last. */
  lit?: { bucket: number; key: number } | null;
  onPeg?: (row: number) => void;
  onLanded?: (id: string) => void;
  label: string;
};

export const ROW_MS = 140;

export function PlinkoBoard({ rows, table, balls, reducedMotion, lit, onPeg, onLanded, label }: PlinkoBoardProps) {
  const g = useMemo(() => geometry(rows), [rows]);
  const maxMult = Math.max(...table, 1);
  return (
    <svg className={s.board} viewBox={`0 0 ${BOARD_W} ${g.height}`} role="img" aria-label={label} data-testid="plinko-board" data-rows={rows}>
      <defs>
        <radialGradient id="plinko-ball" cx="35%" cy="30%" r="70%">
          <stop offset="0" stopColor="#fff" />
          <stop offset="0.35" stopColor="var(--c-primary)" />
          <stop offset="1" stopColor="color-mix(in srgb, var(--c-primary) 55%, #5a2a00)" />
        </radialGradient>
        <radialGradient id="plinko-peg" cx="40%" cy="35%" r="70%">
          <stop offset="0" stopColor="#fff" />
          <stop offset="1" stopColor="color-mix(in srgb, var(--c-text) 70%, transparent)" />
        </radialGradient>
      </defs>
      <Pegs g={g} />
      {table.map((m, i) => {
        const hue = bucketHue(m, maxMult);
        const x = bucketX(g, i);
        const w = g.spacing - 4;
        const isLit = lit?.bucket === i;
        return (
          <g key={`${i}-${isLit ? lit?.key : 0}`} className={s.bucket} data-lit={isLit || undefined} data-testid={`plinko-bucket-${i}`}>
            <rect x={x - w / 2} y={g.bucketY} width={w} height={g.bucketH} rx={Math.min(8, w / 4)} fill={`hsl(${hue} 90% 56%)`} />
            <text x={x} y={g.bucketY + g.bucketH / 2} dominantBaseline="central" textAnchor="middle" className={s.bucketText} fontSize={Math.min(13, w / 3.3)}>
              {compactMultiplier(m)}
            </text>
          </g>
        );
      })}
      {balls.map((b) => (
        <FallingBall key={b.id} ball={b} g={g} reducedMotion={reducedMotion} onPeg={onPeg} onLanded={onLanded} />
      ))}
    </svg>
  );
}

const Pegs = memo(function Pegs({ g }: { g: Geometry }) {
  return (
    <g>
      {pegs(g).map((p) => (
        <circle key={`${p.r}-${p.x}`} cx={p.x} cy={p.y} r={g.pegR} fill="url(#plinko-peg)" />
      ))}
    </g>
  );
});

function FallingBall({ ball, g, reducedMotion, onPeg, onLanded }: { ball: Ball; g: Geometry; reducedMotion: boolean; onPeg?: (row: number) => void; onLanded?: (id: string) => void }) {
  const ref = useRef<SVGCircleElement>(null);
  const cb = useRef({ onPeg, onLanded });
  cb.current = { onPeg, onLanded };
  useEffect(() => {
    const el = ref.current;
    const end = g.rows + 1;
    const place = (t: number) => {
      const p = ballAt(g, ball.path, t);
      el?.setAttribute('cx', p.x.toFixed(2));
      el?.setAttribute('cy', p.y.toFixed(2));
    };
    if (reducedMotion) {
      place(end);
      const timer = setTimeout(() => cb.current.onLanded?.(ball.id), 150);
      return () => clearTimeout(timer);
    }
    let raf = 0;
    let lastRow = -1;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(end, (now - start) / ROW_MS);
      place(t);
      const row = Math.floor(t) - 1;
      if (row > lastRow && row >= 0 && row < g.rows) {
        lastRow = row;
        cb.current.onPeg?.(row);
      }
      if (t >= end) {
        cb.current.onLanded?.(ball.id);
        return;
      }
      raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [ball, g, reducedMotion]);
  const p0 = ballAt(g, ball.path, 0);
  return <circle ref={ref} cx={p0.x} cy={p0.y} r={g.ballR} fill="url(#plinko-ball)" className={s.ball} />;
}
