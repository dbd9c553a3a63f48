// Plinko board geometry (SVG user units) and the ball's flight along a path.
export const BOARD_W = 640;
export const TOP = 34;

export type Geometry = { rows: number; spacing: number; rowH: number; pegR: number; ballR: number; height: number; bucketY: number; bucketH: number };

export function geometry(rows: number): Geometry {
  const spacing = BOARD_W / (rows + 2);
  const rowH = spacing * 0.86;
  const pegR = Math.max(3, spacing * 0.1);
  const ballR = Math.max(6, spacing * 0.24);
  const bucketY = TOP + rows * rowH + 6;
  const bucketH = Math.max(26, spacing * 0.62);
  return { rows, spacing, rowH, pegR, ballR, height: bucketY + bucketH + 8, bucketY, bucketH };
}

/** Peg centres, row r holding r + 3 pegs. */
export function pegs(g: Geometry): { x: number; y: number; r: number }[] {
  const out: { x: number; y: number; r: number }[] = [];
  for (let r = 0; r < g.rows; r++) {
    for (let i = 0; i < r + 3; i++) out.push({ x: BOARD_W / 2 + (i - (r + 2) / 2) * g.spacing, y: TOP + r * g.rowH, r });
  }
  return out;
}

/** Centre x of bucket i (0..rows). */
export const bucketX = (g: Geometry, i: number) => BOARD_W / 2 + (i - g.rows / 2) * g.spacing;

/** Where the ball sits as it reaches peg row k (k = rows: the bucket), after the first k turns of the path. */
export function ballPoint(g: Geometry, path: boolean[], k: number): { x: number; y: number } {
  let rights = 0;
  for (let i = 0; i < k; i++) if (path[i]) rights++;
  const x = BOARD_W / 2 + (rights - k / 2) * g.spacing;
  const y = k >= g.rows ? g.bucketY + g.bucketH / 2 : TOP + k * g.rowH - g.pegR - g.ballR;
  return { x, y };
}

/**
 * Ball position at progress t in [0, rows + 1) (whole numbers are peg hits):
 * from the drop point above the board to row 0, then a small bounce arc
 * between rows, then into the bucket.
 */
export function ballAt(g: Geometry, path: boolean[], t: number): { x: number; y: number } {
  if (t < 1) {
    const p0 = { x: BOARD_W / 2, y: 4 };
    const p1 = ballPoint(g, path, 0);
    const e = t * t;
    return { x: p0.x, y: p0.y + (p1.y - p0.y) * e };
  }
  const k = Math.min(g.rows, Math.floor(t) - 1);
  const f = t - Math.floor(t);
  const a = ballPoint(g, path, k);
  const b = ballPoint(g, path, k + 1);
  const lift = g.rowH * 0.45;
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f * f - lift * 4 * f * (1 - f) * 0.6 };
}

/** Bucket colour: warm for the high multipliers at the edges, gold in the middle. */
export function bucketHue(mult: number, maxMult: number): number {
  if (maxMult <= 10000) return 45;
  const x = Math.log(Math.max(mult, 1000) / 1000) / Math.log(maxMult / 1000);
  return 48 - 46 * Math.max(0, Math.min(1, x));
}
