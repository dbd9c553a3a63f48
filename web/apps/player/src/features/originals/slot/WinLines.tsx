// The paying lines drawn over the reel window (an SVG stretched over it; the
// strokes keep their width whatever the window's size).
import { lineColour, linePath } from './geometry';
import type { LineWin } from './model';
import s from './slot.module.css';

export const VIEW_W = 500;
export const VIEW_H = 305;

export function WinLines({ wins, paylines }: { wins: LineWin[]; paylines: number[][] }) {
  if (!wins.length) return null;
  return (
    <svg className={s.lines} viewBox={`0 0 ${VIEW_W} ${VIEW_H}`} preserveAspectRatio="none" aria-hidden="true" data-testid="slot-lines">
      {wins.map((w) => {
        const rows = paylines[w.line];
        if (!rows) return null;
        return <path key={`${w.line}-${w.symbol}`} d={linePath(rows, VIEW_W, VIEW_H)} stroke={lineColour(w.line)} vectorEffect="non-scaling-stroke" data-line={w.line} />;
      })}
    </svg>
  );
}

/** A small drawing of one payline (paytable panel). */
export function LineDiagram({ rows, line }: { rows: number[]; line: number }) {
  return (
    <svg viewBox="0 0 50 30" aria-hidden="true">
      {Array.from({ length: 15 }, (_, i) => {
        const reel = Math.floor(i / 3);
        const row = i % 3;
        const on = rows[reel] === row;
        return <rect key={i} x={reel * 10 + 1} y={row * 10 + 1} width="8" height="8" rx="1.5" fill={on ? lineColour(line) : 'currentColor'} opacity={on ? 1 : 0.18} />;
      })}
    </svg>
  );
}
