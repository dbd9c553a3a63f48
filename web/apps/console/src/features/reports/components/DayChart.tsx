// A bar chart of one figure per day, drawn as SVG (no chart library: this
// route stays small). Bars grow up from zero, or down for a negative day
// (GGR can be). The chart is one focusable group: arrow keys, Home and End
// move between days and the value is shown and announced; a pointer shows it
// too. The same numbers are in a table below it for reading without the chart.
import { useId, useState, type KeyboardEvent } from 'react';
import s from './DayChart.module.css';

export type ChartPoint = { day: string; value: number };

type Props = {
  points: ChartPoint[];
  /** The figure's name, e.g. "Turnover". */
  label: string;
  format: (v: number) => string;
  /** How a day is written on the axis and in the tooltip. */
  dayLabel: (day: string) => string;
  /** Accessible description of the chart as a whole. */
  summary: string;
  tableCaption: string;
  dayHeader: string;
  showTable: string;
};

const W = 960;
const H = 240;
const M = { top: 16, right: 12, bottom: 28, left: 84 };

export function DayChart({ points, label, format, dayLabel, summary, tableCaption, dayHeader, showTable }: Props) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const values = points.map((p) => p.value);
  const flat = values.every((v) => v === 0);
  // Nothing to draw: one zero line at the bottom.
  const hi = flat ? 1 : Math.max(0, ...values);
  const lo = Math.min(0, ...values);
  const span = hi - lo;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const y = (v: number) => M.top + ((hi - v) / span) * plotH;
  const step = plotW / Math.max(1, points.length);
  const barW = Math.max(2, Math.min(40, step * 0.7));
  const x = (i: number) => M.left + i * step + (step - barW) / 2;
  const ticks = flat ? [0] : lo < 0 ? [hi, 0, lo] : [hi, hi / 2, 0];
  // Day labels: at most 8 along the axis, always the first and the last.
  const every = Math.max(1, Math.ceil(points.length / 8));
  const labelled = points.map((_, i) => i === 0 || i === points.length - 1 || (i % every === 0 && points.length - 1 - i >= every / 2));

  const onKeyDown = (e: KeyboardEvent) => {
    if (points.length === 0) return;
    const rtl = (e.currentTarget as HTMLElement).closest('[dir="rtl"]') !== null;
    const cur = active ?? -1;
    let next: number | null = null;
    if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = Math.min(points.length - 1, cur + 1);
    else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = Math.max(0, cur < 0 ? points.length - 1 : cur - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = points.length - 1;
    else if (e.key === 'Escape') next = null;
    else return;
    e.preventDefault();
    setActive(next);
  };
  const a = active !== null ? points[active] : undefined;

  return (
    <div className={s.wrap}>
      <div
        className={s.chart}
        role="group"
        tabIndex={0}
        aria-label={`${label}. ${summary}`}
        aria-describedby={`${id}-value`}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
      >
        <svg viewBox={`0 0 ${W} ${H}`} className={s.svg} aria-hidden="true" focusable="false">
          {ticks.map((t, i) => (
            <g key={i}>
              <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} className={t === 0 ? s.zero : s.grid} />
              <text x={M.left - 8} y={y(t)} className={s.yLabel} dominantBaseline="middle" textAnchor="end">
                {format(Math.round(t))}
              </text>
            </g>
          ))}
          {points.map((p, i) => {
            const top = y(Math.max(0, p.value));
            const h = Math.max(p.value === 0 ? 0 : 1, Math.abs(y(p.value) - y(0)));
            return (
              <g key={p.day}>
                {/* The whole column answers the pointer, not only the bar. */}
                <rect x={M.left + i * step} y={M.top} width={step} height={plotH} className={s.hit} onMouseEnter={() => setActive(i)} />
                <rect x={x(i)} y={top} width={barW} height={h} rx={2} className={[p.value < 0 ? s.negative : s.bar, active === i ? s.on : ''].join(' ')} pointerEvents="none" />
                {labelled[i] && (
                  <text x={M.left + i * step + step / 2} y={H - 8} className={s.xLabel} textAnchor="middle">
                    {dayLabel(p.day)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        {a && (
          <div className={s.tip} style={{ insetInlineStart: `${((M.left + (active! + 0.5) * step) / W) * 100}%` }} aria-hidden="true">
            <span className={s.tipDay}>{dayLabel(a.day)}</span>
            <strong>{format(a.value)}</strong>
          </div>
        )}
      </div>
      <p id={`${id}-value`} className="sr-only" aria-live="polite">
        {a ? `${dayLabel(a.day)}: ${format(a.value)}` : ''}
      </p>
      <details className={s.table}>
        <summary>{showTable}</summary>
        <table>
          <caption className="sr-only">{tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{dayHeader}</th>
              <th scope="col" className={s.num}>
                {label}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row">{p.day}</th>
                <td className={s.num}>{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
