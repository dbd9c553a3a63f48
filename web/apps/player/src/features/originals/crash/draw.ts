// Drawing the flight on a 2D canvas: a Manila night skyline, the multiplier
// curve and a jeepney riding its tip. Everything is original, drawn from
// shapes; nothing is loaded. The scale maths (plot) is pure and tested.
import { axisTop, RATE } from './maths';

export type Plot = {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Time span of the x axis (ms). */
  spanMs: number;
  /** Top of the y axis (hundredths). */
  yTop: number;
};

/** The axes for a flight `elapsed` ms long at multiplier `m` (hundredths), in a box of width x height CSS pixels. */
export function plotFor(width: number, height: number, elapsed: number, m: number): Plot {
  const compact = width < 520;
  const spanMs = Math.max(8000, elapsed * 1.18);
  return {
    width,
    height,
    left: compact ? 38 : 52,
    right: compact ? 14 : 28,
    top: compact ? 18 : 26,
    bottom: compact ? 30 : 40,
    spanMs,
    yTop: axisTop(Math.max(m, 100)),
  };
}

export function xAt(p: Plot, ms: number): number {
  return p.left + (Math.min(ms, p.spanMs) / p.spanMs) * (p.width - p.left - p.right);
}

export function yAt(p: Plot, m: number): number {
  const h = p.height - p.top - p.bottom;
  return p.height - p.bottom - ((Math.max(m, 100) - 100) / (p.yTop - 100)) * h;
}

/** Y-axis labels (hundredths): about 4 even steps from 1.00x to the top. */
export function yTicks(p: Plot): number[] {
  const range = p.yTop - 100;
  const raw = range / 4;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 100 + step; v < p.yTop; v += step) out.push(Math.round(v));
  return out;
}

/** X-axis labels (seconds). */
export function xTicks(p: Plot): number[] {
  const s = p.spanMs / 1000;
  const step = s <= 12 ? 2 : s <= 30 ? 5 : s <= 80 ? 10 : s <= 200 ? 30 : 60;
  const out: number[] = [];
  for (let v = step; v < s; v += step) out.push(v);
  return out;
}

export type Scene = {
  status: 'BETTING' | 'RUNNING' | 'CRASHED' | 'WAITING';
  elapsed: number;
  /** Hundredths shown (the live value, or the crash point). */
  multiplier: number;
  /** Local time (ms) for particles and the crash burst. */
  now: number;
  /** When the round crashed (local ms), for the burst. */
  crashedAt?: number;
  /** The member's cash-out, drawn as a flag on the curve. */
  cashout?: number;
  reducedMotion: boolean;
  labels: { seconds: (s: number) => string };
};

const STARS = Array.from({ length: 70 }, (_, i) => {
  const a = Math.sin(i * 12.9898) * 43758.5453;
  const b = Math.sin(i * 78.233) * 12543.1234;
  return { x: a - Math.floor(a), y: (b - Math.floor(b)) * 0.6, r: 0.4 + ((i * 7) % 5) * 0.25 };
});

// Skyline: building widths and heights (fractions), repeated across the width.
const SKYLINE = [
  [0.04, 0.18], [0.03, 0.3], [0.05, 0.22], [0.02, 0.4], [0.04, 0.26], [0.06, 0.16], [0.03, 0.34], [0.05, 0.2],
  [0.02, 0.46], [0.04, 0.28], [0.05, 0.18], [0.03, 0.38], [0.06, 0.24], [0.04, 0.3], [0.03, 0.2], [0.05, 0.36],
];

function background(ctx: CanvasRenderingContext2D, p: Plot, scene: Scene) {
  const { width: w, height: h } = p;
  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, '#0a0f2c');
  sky.addColorStop(0.6, '#1b1446');
  sky.addColorStop(1, '#3a1c4a');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);
  // Moon.
  ctx.fillStyle = 'rgba(255, 240, 200, 0.9)';
  ctx.beginPath();
  ctx.arc(w * 0.86, h * 0.16, Math.min(w, h) * 0.05, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0f1433';
  ctx.beginPath();
  ctx.arc(w * 0.86 + Math.min(w, h) * 0.02, h * 0.16 - Math.min(w, h) * 0.012, Math.min(w, h) * 0.045, 0, Math.PI * 2);
  ctx.fill();
  // Stars, twinkling unless reduced motion.
  for (const [i, s] of STARS.entries()) {
    const tw = scene.reducedMotion ? 0.7 : 0.45 + 0.45 * Math.abs(Math.sin(scene.now / 900 + i));
    ctx.fillStyle = `rgba(255,255,255,${tw.toFixed(2)})`;
    ctx.fillRect(s.x * w, s.y * h, s.r, s.r);
  }
  // Skyline with lit windows; scrolls slowly while flying (parallax).
  const base = h - p.bottom;
  const drift = scene.status === 'RUNNING' && !scene.reducedMotion ? (scene.elapsed / 60) % w : 0;
  ctx.fillStyle = '#120d2a';
  let x = -drift;
  let i = 0;
  while (x < w) {
    const [bw, bh] = SKYLINE[i % SKYLINE.length];
    const bwPx = bw * w + 8;
    const bhPx = bh * (h - p.top - p.bottom) * 0.9;
    ctx.fillRect(x, base - bhPx, bwPx - 2, bhPx);
    ctx.fillStyle = 'rgba(255, 205, 110, 0.35)';
    for (let wy = base - bhPx + 6; wy < base - 6; wy += 9) {
      for (let wx = x + 3; wx < x + bwPx - 6; wx += 7) if (((wx * 13 + wy * 7) | 0) % 5 === 0) ctx.fillRect(wx, wy, 2, 3);
    }
    ctx.fillStyle = '#120d2a';
    x += bwPx;
    i++;
  }
  // Road.
  ctx.fillStyle = '#0b0818';
  ctx.fillRect(0, base, w, p.bottom);
  ctx.strokeStyle = 'rgba(255, 216, 107, 0.5)';
  ctx.setLineDash([14, 12]);
  ctx.lineDashOffset = scene.status === 'RUNNING' && !scene.reducedMotion ? scene.elapsed / 8 : 0;
  ctx.beginPath();
  ctx.moveTo(0, base + p.bottom / 2);
  ctx.lineTo(w, base + p.bottom / 2);
  ctx.stroke();
  ctx.setLineDash([]);
}

function axes(ctx: CanvasRenderingContext2D, p: Plot, scene: Scene) {
  ctx.font = `600 ${p.width < 520 ? 10 : 12}px Inter Variable, system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = 'rgba(233, 236, 248, 0.65)';
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.07)';
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  for (const v of yTicks(p)) {
    const y = Math.round(yAt(p, v)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(p.left, y);
    ctx.lineTo(p.width - p.right, y);
    ctx.stroke();
    ctx.fillText(`${(v / 100).toFixed(v % 100 ? (v % 10 ? 2 : 1) : 0)}×`, p.left - 6, y);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const s of xTicks(p)) {
    const x = xAt(p, s * 1000);
    ctx.fillText(scene.labels.seconds(s), x, p.height - p.bottom + 6);
  }
}

function curve(ctx: CanvasRenderingContext2D, p: Plot, elapsed: number, crashed: boolean) {
  const n = 64;
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const ms = (elapsed * i) / n;
    // The continuous curve (the displayed number is floored to hundredths; the line need not step).
    pts.push([xAt(p, ms), yAt(p, Math.max(100, 100 * Math.exp(RATE * ms)))]);
  }
  const [ex, ey] = pts[pts.length - 1];
  // Area under the curve.
  const area = ctx.createLinearGradient(0, ey, 0, p.height - p.bottom);
  area.addColorStop(0, crashed ? 'rgba(255, 77, 94, 0.35)' : 'rgba(245, 185, 66, 0.35)');
  area.addColorStop(1, 'rgba(245, 185, 66, 0)');
  ctx.fillStyle = area;
  ctx.beginPath();
  ctx.moveTo(pts[0][0], p.height - p.bottom);
  for (const [x, y] of pts) ctx.lineTo(x, y);
  ctx.lineTo(ex, p.height - p.bottom);
  ctx.closePath();
  ctx.fill();
  // The line.
  const line = ctx.createLinearGradient(p.left, 0, ex, 0);
  line.addColorStop(0, crashed ? '#ff8a7a' : '#ffd86b');
  line.addColorStop(1, crashed ? '#ff4d5e' : '#ff6b5a');
  ctx.strokeStyle = line;
  ctx.lineWidth = p.width < 520 ? 3 : 4;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.shadowColor = crashed ? 'rgba(255, 77, 94, 0.8)' : 'rgba(255, 200, 90, 0.8)';
  ctx.shadowBlur = 12;
  ctx.beginPath();
  pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.stroke();
  ctx.shadowBlur = 0;
  // Tangent at the tip for the jeepney's tilt.
  const [px, py] = pts[pts.length - 3] ?? pts[0];
  return { x: ex, y: ey, angle: Math.atan2(ey - py, ex - px) };
}

/** A side-view jeepney, nose to the right, wheels on y = 0, about 64 x 30 units. */
export function drawJeepney(ctx: CanvasRenderingContext2D, x: number, y: number, scale: number, angle: number, bounce: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.scale(scale, scale);
  ctx.translate(-34, -6 + bounce);
  // Body.
  const body = ctx.createLinearGradient(0, -26, 0, 0);
  body.addColorStop(0, '#ff5a4e');
  body.addColorStop(1, '#b3202a');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.moveTo(2, 0);
  ctx.lineTo(2, -22);
  ctx.quadraticCurveTo(2, -26, 6, -26);
  ctx.lineTo(48, -26);
  ctx.lineTo(52, -16);
  ctx.lineTo(64, -14);
  ctx.quadraticCurveTo(67, -13, 67, -9);
  ctx.lineTo(67, 0);
  ctx.closePath();
  ctx.fill();
  // Roof rack and silver trim.
  ctx.fillStyle = '#ffd34d';
  ctx.fillRect(4, -30, 42, 3);
  ctx.fillStyle = '#c9d2e0';
  ctx.fillRect(2, -4, 65, 2);
  // Stripes.
  ctx.fillStyle = '#ffd34d';
  ctx.fillRect(2, -12, 50, 2.5);
  ctx.fillStyle = '#1fc3a7';
  ctx.fillRect(2, -8.5, 50, 2);
  // Windows.
  ctx.fillStyle = '#bfe3ff';
  for (let i = 0; i < 5; i++) ctx.fillRect(5 + i * 8.6, -23, 6.5, 7);
  ctx.beginPath();
  ctx.moveTo(49, -24);
  ctx.lineTo(52, -16.5);
  ctx.lineTo(47, -16.5);
  ctx.lineTo(47, -24);
  ctx.fill();
  // Hood ornament (a chrome horse) and headlamp.
  ctx.fillStyle = '#e9eef7';
  ctx.beginPath();
  ctx.moveTo(60, -14);
  ctx.lineTo(62, -20);
  ctx.lineTo(64, -19);
  ctx.lineTo(63, -14);
  ctx.fill();
  ctx.fillStyle = '#fff7c2';
  ctx.beginPath();
  ctx.arc(65, -8, 2, 0, Math.PI * 2);
  ctx.fill();
  // Wheels.
  for (const wx of [14, 54]) {
    ctx.fillStyle = '#15151d';
    ctx.beginPath();
    ctx.arc(wx, 0, 6.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#c9d2e0';
    ctx.beginPath();
    ctx.arc(wx, 0, 3, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

function headlightBeam(ctx: CanvasRenderingContext2D, x: number, y: number, scale: number, angle: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  const g = ctx.createLinearGradient(30 * scale, 0, 120 * scale, 0);
  g.addColorStop(0, 'rgba(255, 247, 194, 0.35)');
  g.addColorStop(1, 'rgba(255, 247, 194, 0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.moveTo(30 * scale, -14 * scale);
  ctx.lineTo(120 * scale, -34 * scale);
  ctx.lineTo(120 * scale, 8 * scale);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

function exhaust(ctx: CanvasRenderingContext2D, x: number, y: number, angle: number, now: number, scale: number) {
  for (let i = 0; i < 6; i++) {
    const t = ((now / 700 + i / 6) % 1 + 1) % 1;
    const d = (36 + t * 40) * scale;
    const px = x - Math.cos(angle) * d;
    const py = y - Math.sin(angle) * d - t * 10 * scale;
    ctx.fillStyle = `rgba(210, 210, 230, ${(0.35 * (1 - t)).toFixed(2)})`;
    ctx.beginPath();
    ctx.arc(px, py, (3 + t * 7) * scale, 0, Math.PI * 2);
    ctx.fill();
  }
}

function burst(ctx: CanvasRenderingContext2D, x: number, y: number, age: number, scale: number) {
  const t = Math.min(1, age / 900);
  const r = (14 + t * 46) * scale;
  ctx.save();
  ctx.globalAlpha = 1 - t * 0.8;
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, 'rgba(255, 255, 220, 0.95)');
  g.addColorStop(0.4, 'rgba(255, 140, 60, 0.8)');
  g.addColorStop(1, 'rgba(255, 60, 80, 0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 216, 107, 0.9)';
  ctx.lineWidth = 2;
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    ctx.beginPath();
    ctx.moveTo(x + Math.cos(a) * r * 0.5, y + Math.sin(a) * r * 0.5);
    ctx.lineTo(x + Math.cos(a) * r * 1.1, y + Math.sin(a) * r * 1.1);
    ctx.stroke();
  }
  ctx.restore();
}

function flag(ctx: CanvasRenderingContext2D, p: Plot, cashout: number) {
  const ms = Math.log(cashout / 100) / 0.00006;
  const x = xAt(p, ms);
  const y = yAt(p, cashout);
  ctx.fillStyle = '#1fc3a7';
  ctx.strokeStyle = '#e9fff9';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(x, y, 5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/** Draws one frame of the scene into a canvas already scaled to CSS pixels. */
export function drawScene(ctx: CanvasRenderingContext2D, width: number, height: number, scene: Scene) {
  const flying = scene.status === 'RUNNING' || scene.status === 'CRASHED';
  const p = plotFor(width, height, flying ? scene.elapsed : 0, flying ? scene.multiplier : 100);
  ctx.clearRect(0, 0, width, height);
  background(ctx, p, scene);
  axes(ctx, p, scene);
  const scale = Math.max(0.55, Math.min(1.15, width / 900));
  if (!flying) {
    // Parked at the start, engine idling.
    const bounce = scene.reducedMotion ? 0 : Math.sin(scene.now / 90) * 0.6;
    drawJeepney(ctx, p.left + 40 * scale, p.height - p.bottom - 7 * scale, scale, 0, bounce);
    if (!scene.reducedMotion) exhaust(ctx, p.left + 40 * scale, p.height - p.bottom - 4 * scale, 0, scene.now, scale);
    return;
  }
  const crashed = scene.status === 'CRASHED';
  const tip = curve(ctx, p, scene.elapsed, crashed);
  if (scene.cashout) flag(ctx, p, scene.cashout);
  const angle = Math.max(-1.2, Math.min(0, tip.angle));
  if (crashed) {
    const age = scene.crashedAt ? scene.now - scene.crashedAt : 900;
    if (!scene.reducedMotion && age < 1400) {
      drawJeepney(ctx, tip.x, tip.y + Math.min(age, 900) * 0.05 * scale, scale, angle + Math.min(age, 900) / 900, 0);
    }
    burst(ctx, tip.x, tip.y, scene.reducedMotion ? 900 : age, scale);
    return;
  }
  const bounce = scene.reducedMotion ? 0 : Math.sin(scene.now / 70) * 0.8;
  headlightBeam(ctx, tip.x, tip.y, scale, angle);
  if (!scene.reducedMotion) exhaust(ctx, tip.x, tip.y, angle, scene.now, scale);
  drawJeepney(ctx, tip.x, tip.y, scale, angle, bounce);
}
