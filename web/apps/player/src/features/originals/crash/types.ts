// Shapes of the Crash API (docs/games/crash.md, /tmp contract "Crash server").
// Times are RFC 3339 strings or epoch milliseconds; multipliers are hundredths.

export type CrashStatus = 'BETTING' | 'RUNNING' | 'CRASHED';

export type CrashRound = {
  id: number | string;
  status: CrashStatus;
  bettingEndsAt?: string | number;
  startedAt?: string | number;
  crashedAt?: string | number;
  serverTime?: string | number;
  /** Only once CRASHED. */
  point?: number;
  /** Only once CRASHED. */
  hash?: string;
};

export type CrashBet = {
  id?: number | string;
  roundId?: number | string;
  player: string;
  amount: number;
  currency?: string;
  autoCashout?: number | null;
  /** Hundredths; 0/null while still riding. */
  cashedOutAt?: number | null;
  win?: number | null;
  /** PLACED, CASHED, LOST or CANCELLED (refunded). */
  state?: string;
  mine?: boolean;
};

export type CrashHistoryItem = { id: number | string; point: number; hash: string };

export type CrashState = {
  round: CrashRound;
  bets: CrashBet[];
  history: CrashHistoryItem[];
  chain?: CrashChain | null;
  at?: number;
};

export type CrashChain = { id?: number; terminalHash: string; salt: string; length?: number };

export type CrashMessage =
  | ({ type: 'state' } & CrashState)
  | { type: 'betting'; round: CrashRound; chain?: CrashChain; at?: number }
  | { type: 'running'; round: CrashRound }
  | { type: 'bet'; bet: CrashBet }
  | { type: 'cashout'; bet: CrashBet }
  | { type: 'crashed'; round: CrashRound };
