// The slot's data as the browser uses it, normalised from the server's JSON
// (GET /wps/inhouse/config `slot`, a round's `outcome.spins`). Symbols may
// arrive as indexes into config.symbols or as names; everything below works
// on names ("WILD", "SCATTER", "JEEPNEY", ...), the keys of the art and i18n.

export const REELS = 5;
export const ROWS = 3;

export type SymbolName = string;

export type SlotConfigRaw = {
  profile?: string;
  profiles?: string[];
  rtp?: Record<string, number> | number;
  paylines?: number[][];
  paytable?: Record<string, number[]>;
  symbols?: string[];
  scatterPays?: number[];
  freeSpinAwards?: number[];
  /** The server's name for freeSpinAwards (GET /wps/inhouse/config). */
  freeSpins?: number[];
  freeGameMultiplier?: number;
  strips?: (number | string)[][] | { base?: (number | string)[][]; free?: (number | string)[][] };
  freeStrips?: (number | string)[][];
};

export type SlotConfig = {
  profile: string;
  paylines: number[][];
  /** name → pays for 0..5 of a kind, LINE bets in 1/10000 (scatter: anywhere, see model docs). */
  paytable: Record<SymbolName, number[]>;
  symbols: SymbolName[];
  scatterPays: number[];
  freeSpinAwards: number[];
  freeGameMultiplier: number;
  /** Base-game strips, when the config publishes them (the reels then roll the real strip into place). */
  strips?: SymbolName[][];
  freeStrips?: SymbolName[][];
  rtp?: number;
};

function stripsOf(raw: SlotConfigRaw['strips'], which: 'base' | 'free', symbols: SymbolName[]): SymbolName[][] | undefined {
  const list = Array.isArray(raw) ? (which === 'base' ? raw : undefined) : raw?.[which];
  if (!list || list.length !== REELS) return undefined;
  return list.map((s) => s.map((v) => symbolName(v, symbols)));
}

export type LineWin = { line: number; symbol: SymbolName; count: number; multiplier: number };

export type Spin = {
  free: boolean;
  stops: number[];
  /** grid[reel][row], row 0 = top. */
  grid: SymbolName[][];
  lines: LineWin[];
  scatter: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  multiplier: number;
};

export type RawSpin = {
  free?: boolean;
  stops?: number[];
  grid?: (number | string)[][];
  lines?: { line: number; symbol: number | string; count: number; multiplier: number }[] | null;
  scatter?: number;
  scatterWin?: number;
  freeSpinsAwarded?: number;
  multiplier?: number;
};

export type SlotOutcome = { spins: Spin[]; freeSpinsLeft: number };

/** The symbol names when the config gives none (the server's order: internal/inhouse/slot). */
export const DEFAULT_SYMBOLS: SymbolName[] = ['WILD', 'SCATTER', 'JEEPNEY', 'CARABAO', 'SAMPAGUITA', 'A', 'K', 'Q', 'J', '10'];

/** The 20 lines of internal/inhouse/slot (row per reel), used until the config arrives. */
export const DEFAULT_PAYLINES: number[][] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [0, 2, 2, 2, 0],
];

export function symbolName(v: number | string, symbols: SymbolName[]): SymbolName {
  if (typeof v === 'number') return symbols[v] ?? '?';
  if (/^\d+$/.test(v) && !symbols.includes(v)) return symbols[Number(v)] ?? v;
  return v;
}

export function normaliseConfig(raw: SlotConfigRaw | undefined): SlotConfig {
  const symbols = raw?.symbols?.length ? raw.symbols : DEFAULT_SYMBOLS;
  const paytable: Record<SymbolName, number[]> = {};
  // Keys are names; a numeric key that is not a name ("10" is one) is an index.
  for (const [k, v] of Object.entries(raw?.paytable ?? {})) paytable[symbolName(k, symbols)] = v;
  const rtp = typeof raw?.rtp === 'number' ? raw.rtp : raw?.rtp && raw.profile ? raw.rtp[raw.profile] : undefined;
  return {
    profile: raw?.profile ?? '96',
    paylines: raw?.paylines?.length ? raw.paylines : DEFAULT_PAYLINES,
    paytable,
    symbols,
    scatterPays: raw?.scatterPays ?? [0, 0, 0, 20000, 100000, 500000],
    freeSpinAwards: raw?.freeSpinAwards ?? raw?.freeSpins ?? [0, 0, 0, 10, 15, 20],
    freeGameMultiplier: raw?.freeGameMultiplier ?? 2,
    strips: stripsOf(raw?.strips, 'base', symbols),
    freeStrips: stripsOf(raw?.strips, 'free', symbols) ?? raw?.freeStrips?.map((s) => s.map((v) => symbolName(v, symbols))),
    rtp,
  };
}

export function normaliseSpin(raw: RawSpin, symbols: SymbolName[]): Spin {
  const grid: SymbolName[][] = [];
  for (let r = 0; r < REELS; r++) {
    const col = raw.grid?.[r] ?? [];
    grid.push(Array.from({ length: ROWS }, (_, row) => (col[row] === undefined ? '?' : symbolName(col[row], symbols))));
  }
  return {
    free: !!raw.free,
    stops: raw.stops ?? [],
    grid,
    lines: (raw.lines ?? []).map((l) => ({ ...l, symbol: symbolName(l.symbol, symbols) })),
    scatter: raw.scatter ?? 0,
    scatterWin: raw.scatterWin ?? 0,
    freeSpinsAwarded: raw.freeSpinsAwarded ?? 0,
    multiplier: raw.multiplier ?? 0,
  };
}

export function normaliseOutcome(raw: { spins?: RawSpin[] | null; freeSpinsLeft?: number } | null | undefined, symbols: SymbolName[]): SlotOutcome {
  return { spins: (raw?.spins ?? []).map((s) => normaliseSpin(s, symbols)), freeSpinsLeft: raw?.freeSpinsLeft ?? 0 };
}

/**
 * The window a reel shows when stopped at `stop`: the strip read downwards
 * from the stop (wrapping), the top row being strip[stop]. With the strips
 * from the config the animation scrolls the real strip into this window.
 */
export function windowAt(strip: SymbolName[], stop: number, rows = ROWS): SymbolName[] {
  const n = strip.length;
  if (!n) return [];
  const s = ((stop % n) + n) % n;
  return Array.from({ length: rows }, (_, i) => strip[(s + i) % n]);
}

/**
 * The symbols one reel scrolls through in a spin, top to bottom: the target
 * window, `length` filler symbols, then the window it showed before. The
 * column starts showing its bottom (the old window) and moves DOWN until the
 * target window is in view, so symbols enter from the top like a real reel.
 * With the real strip known, the filler is the strip continuing below the
 * stop (strip[stop+3], strip[stop+4], ...), exactly what a physical reel
 * would have shown; otherwise symbols from `pool`, fixed by `seed` so a
 * re-render does not reshuffle them.
 */
export function reelTape(target: SymbolName[], from: SymbolName[], length: number, opts: { strip?: SymbolName[]; stop?: number; pool: SymbolName[]; seed: number }): SymbolName[] {
  const filler: SymbolName[] = [];
  const n = Math.max(0, length);
  const strip = opts.strip;
  if (strip?.length && opts.stop !== undefined) {
    const len = strip.length;
    for (let i = 0; i < n; i++) filler.push(strip[(((opts.stop + target.length + i) % len) + len) % len]);
  } else {
    let x = opts.seed >>> 0 || 1;
    const pool = opts.pool.filter((p) => p !== '?');
    for (let i = 0; i < n; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      filler.push(pool[(x >>> 0) % pool.length]);
    }
  }
  return [...target, ...filler, ...from];
}

/** Total win of a spin in minor units for a total bet `amount` (server's rule: floor(amount * multiplier / 10000)). */
export function spinWin(amount: number, multiplier: number): number {
  if (!(amount > 0) || !(multiplier > 0)) return 0;
  return Number((BigInt(Math.trunc(amount)) * BigInt(Math.trunc(multiplier))) / 10000n);
}

/**
 * Which reels spin longer for suspense: every reel after two scatters have
 * already landed (a third would trigger free spins).
 */
export function anticipation(grid: SymbolName[][], scatter = 'SCATTER'): boolean[] {
  let seen = 0;
  return grid.map((col) => {
    const wait = seen >= 2;
    seen += col.filter((s) => s === scatter).length;
    return wait;
  });
}
