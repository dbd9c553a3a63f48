// Palaro Parol Spins maths in the browser: the twin of
// internal/inhouse/slot (eval.go, slot.go), so the verifier recomputes not
// only a round's reel stops but every line win, scatter pay, free-spin award
// and the multiplier the server paid. Driven by the published config (GET
// /wps/inhouse/config `slot`: paytable in LINE bets x10000, paylines,
// strips), nothing hard-coded but the rules of docs/games/slot.md.
import { REELS, ROWS, spinWin, windowAt, type LineWin, type Spin, type SymbolName } from './model';

export const WILD = 'WILD';
export const SCATTER = 'SCATTER';
/** A base spin leads to at most this many free spins in all (slot.MaxFreeSpins). */
export const MAX_FREE_SPINS = 100;

export type SlotRules = {
  paylines: number[][];
  /** Symbol name → pays for 0..5 of a kind in LINE bets x10000; SCATTER's row: anywhere pays, also in line bets x10000. */
  paytable: Record<SymbolName, number[]>;
  freeSpinAwards: number[];
  freeGameMultiplier: number;
};

export type Strips = { base: SymbolName[][]; free: SymbolName[][] };

/** What a drawn integer source offers (features/originals/fair Source). */
export type IntSource = { intn(n: number): number };

const pays = (rules: SlotRules, sym: SymbolName, n: number) => rules.paytable[sym]?.[n] ?? 0;

/**
 * Evaluates one window (grid[reel][row]). Lines pay left to right from reel
 * 1, wilds substituting; a line of leading wilds pays the larger of the wilds'
 * own pay and the substituted symbol's; a scatter breaks a line. Scatters pay
 * anywhere. Multipliers come out relative to the TOTAL bet in 1/10000, the
 * free-game multiplier included (Go: game.spin).
 */
export function evaluate(grid: SymbolName[][], rules: SlotRules, free: boolean, stops: number[] = []): Spin {
  const lines = rules.paylines.length;
  const mult = free ? rules.freeGameMultiplier : 1;
  const wins: LineWin[] = [];
  let linePay = 0; // line bets x10000
  rules.paylines.forEach((rows, l) => {
    const cell = (r: number) => grid[r]?.[rows[r]];
    let w = 0;
    while (w < REELS && cell(w) === WILD) w++;
    let p: number;
    let sym = WILD;
    let n = w;
    if (w === REELS) p = pays(rules, WILD, REELS);
    else {
      p = pays(rules, WILD, w);
      const s = cell(w);
      if (s !== undefined && s !== SCATTER) {
        let m = w + 1;
        while (m < REELS && (cell(m) === s || cell(m) === WILD)) m++;
        const q = pays(rules, s, m);
        if (q > p) {
          p = q;
          sym = s;
          n = m;
        }
      }
    }
    if (p > 0) {
      linePay += p;
      wins.push({ line: l, symbol: sym, count: n, multiplier: (p / lines) * mult });
    }
  });
  let scatter = 0;
  for (const col of grid) for (const s of col) if (s === SCATTER) scatter++;
  const sc = Math.min(scatter, REELS);
  const scatterWin = (pays(rules, SCATTER, sc) / lines) * mult;
  return {
    free,
    stops,
    grid,
    lines: wins,
    scatter,
    scatterWin,
    freeSpinsAwarded: rules.freeSpinAwards[sc] ?? 0,
    multiplier: (linePay / lines) * mult + scatterWin,
  };
}

/** The window at these stops (top row = strip[stop]). */
export function gridAt(strips: SymbolName[][], stops: number[]): SymbolName[][] {
  return strips.map((strip, r) => windowAt(strip, stops[r] ?? 0, ROWS));
}

/** How many of `award` free spins may still be granted after `awardedSoFar` (slot.CappedAward). */
export function cappedAward(awardedSoFar: number, award: number): number {
  const left = MAX_FREE_SPINS - awardedSoFar;
  return award > left ? Math.max(left, 0) : award;
}

/** One spin: one src.intn(len(strip)) per reel, reels 0..4 in order. */
export function playSpin(src: IntSource, strips: SymbolName[][], rules: SlotRules, free: boolean): Spin {
  const stops = strips.map((strip) => src.intn(strip.length));
  return evaluate(gridAt(strips, stops), rules, free, stops);
}

export type PlayedRound = { spins: Spin[]; multiplier: number };

/** A base spin and every free spin it leads to, in draw order (slot.PlayRound). */
export function playRound(src: IntSource, strips: Strips, rules: SlotRules): PlayedRound {
  const base = playSpin(src, strips.base, rules, false);
  const spins = [base];
  let multiplier = base.multiplier;
  let awarded = cappedAward(0, base.freeSpinsAwarded);
  for (let played = 0; played < awarded; played++) {
    const f = playSpin(src, strips.free, rules, true);
    spins.push(f);
    multiplier += f.multiplier;
    awarded += cappedAward(awarded, f.freeSpinsAwarded);
  }
  return { spins, multiplier };
}

/** The number of draws (4 bytes each) a round of `spins` spins uses: 5 per spin. */
export const drawsFor = (spins: number) => spins * REELS;

/** The payout of a round: floor(bet * multiplier / 10000), as the server pays it. */
export const roundWin = (bet: number, r: PlayedRound) => spinWin(bet, r.multiplier);
