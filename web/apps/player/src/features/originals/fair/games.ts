// Outcome functions of Dice, Plinko and Mines, ported from
// internal/inhouse/{dice,plinko,mines}: the same draws in the same order, so
// the browser recomputes exactly what the server played. Multipliers are in
// 1/10000 (10000 = 1.00x).
import type { Source } from './fair';

// Dice: roll = Intn(10000) shown 00.00..99.99; under wins roll < target, over wins roll > target.
export const DICE_ROLLS = 10000;
export const DICE_MIN_CHANCE = 100;
export const DICE_MAX_CHANCE = 9800;
const DICE_RTP_NUMERATOR = 99_000_000;

export type DiceParams = { target: number; over: boolean };

export function diceWinChance(p: DiceParams): number {
  if (!Number.isInteger(p.target) || p.target < 0 || p.target >= DICE_ROLLS) return 0;
  return p.over ? DICE_ROLLS - 1 - p.target : p.target;
}
export function diceValid(p: DiceParams): boolean {
  const c = diceWinChance(p);
  return c >= DICE_MIN_CHANCE && c <= DICE_MAX_CHANCE;
}
export function diceMultiplier(p: DiceParams): number {
  const c = diceWinChance(p);
  return c > 0 ? Math.floor(DICE_RTP_NUMERATOR / c) : 0;
}
/** The target that gives this win chance (1/10000) in the given direction. */
export function diceTargetFor(chance: number, over: boolean): number {
  return over ? DICE_ROLLS - 1 - chance : chance;
}
export const diceWins = (p: DiceParams, roll: number) => (p.over ? roll > p.target : roll < p.target);

export function playDice(src: Source, p: DiceParams) {
  const roll = src.intn(DICE_ROLLS);
  const win = diceWins(p, roll);
  return { roll, win, multiplier: win ? diceMultiplier(p) : 0 };
}
export const DICE_DRAWS = 1;

// Plinko: one Intn(2) per row, 1 = right; the bucket is the number of rights.
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export function playPlinko(src: Source, rows: number) {
  const path: boolean[] = [];
  for (let i = 0; i < rows; i++) path.push(src.intn(2) === 1);
  return { path, bucket: path.filter(Boolean).length };
}

// Mines: a partial Fisher–Yates over the tiles 0..size²-1; the first `mines`
// positions after the shuffle are the mines (returned sorted).
export const MINES_MIN_SIZE = 3;
export const MINES_MAX_SIZE = 8;
export type MinesParams = { size: number; mines: number };
export function minesValid(p: MinesParams): boolean {
  return Number.isInteger(p.size) && Number.isInteger(p.mines) && p.size >= MINES_MIN_SIZE && p.size <= MINES_MAX_SIZE && p.mines >= 1 && p.mines <= p.size * p.size - 1;
}
export function minesLayout(src: Source, p: MinesParams): number[] {
  const n = p.size * p.size;
  const tiles = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < p.mines; i++) {
    const j = i + src.intn(n - i);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return tiles.slice(0, p.mines).sort((a, b) => a - b);
}

/** internal/inhouse/mines.MaxMultiplier: 1,000,000x. */
const MINES_MAX_MULTIPLIER = 1_000_000n * 10000n;

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
/** 0.99 / P(surviving `revealed` safe picks) in 1/10000, floored; 0 when that many safe tiles do not exist. */
export function minesMultiplier(p: MinesParams, revealed: number): number {
  const n = p.size * p.size;
  if (revealed < 0 || revealed > n - p.mines) return 0;
  const all = choose(n, revealed);
  const safe = choose(n - p.mines, revealed);
  const q = (9900n * all) / safe;
  return q > MINES_MAX_MULTIPLIER ? Number(MINES_MAX_MULTIPLIER) : Number(q);
}
