// Where a win is drawn: payline polylines over the 5x3 window and the cells a
// win lights up. Pure, in an abstract box (width x height) the SVG overlay
// scales to the reels, so the same numbers serve 1440 px and 390 px.
import { REELS, ROWS, type LineWin, type Spin } from './model';

export type Point = { x: number; y: number };

/** Centre of the cell on `reel` (0..4), `row` (0 = top). */
export function cellCentre(reel: number, row: number, width: number, height: number): Point {
  return { x: ((reel + 0.5) * width) / REELS, y: ((row + 0.5) * height) / ROWS };
}

/** The points of a payline: from the left edge, through each reel's cell centre, to the right edge. */
export function linePoints(rows: number[], width: number, height: number): Point[] {
  const pts = rows.slice(0, REELS).map((row, reel) => cellCentre(reel, row, width, height));
  if (!pts.length) return [];
  return [{ x: 0, y: pts[0].y }, ...pts, { x: width, y: pts[pts.length - 1].y }];
}

/** SVG path data for a payline. */
export function linePath(rows: number[], width: number, height: number): string {
  return linePoints(rows, width, height)
    .map((p, i) => `${i ? 'L' : 'M'}${round(p.x)} ${round(p.y)}`)
    .join(' ');
}

function round(v: number) {
  return Math.round(v * 10) / 10;
}

/** Key of a cell in the sets below. */
export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

/** Cells of one line win: the first `count` reels of the line, left to right. */
export function lineCells(win: LineWin, paylines: number[][]): string[] {
  const rows = paylines[win.line];
  if (!rows) return [];
  return rows.slice(0, Math.min(win.count, REELS)).map((row, reel) => cellKey(reel, row));
}

/** Every scatter cell of a spin that paid or triggered (3 or more scatters). */
export function scatterCells(spin: Spin, scatterName = 'SCATTER'): string[] {
  if (spin.scatter < 3 && !(spin.scatterWin > 0) && !(spin.freeSpinsAwarded > 0)) return [];
  const out: string[] = [];
  spin.grid.forEach((col, reel) => col.forEach((s, row) => s === scatterName && out.push(cellKey(reel, row))));
  return out;
}

/** All winning cells of a spin (lines and scatters). */
export function winningCells(spin: Spin, paylines: number[][]): Set<string> {
  const set = new Set<string>();
  for (const w of spin.lines) for (const k of lineCells(w, paylines)) set.add(k);
  for (const k of scatterCells(spin)) set.add(k);
  return set;
}

/** A distinct, bright colour per line (the 20 lines are told apart on the paytable panel too). */
export function lineColour(line: number): string {
  const hue = Math.round((line * 360 * 0.618033988749895) % 360);
  return `hsl(${hue} 90% 62%)`;
}

/** Which side badge marks a line's number: the row of its first reel (lines are labelled at the reels' left edge). */
export function lineBadgeRow(rows: number[]): number {
  return rows[0] ?? 1;
}
