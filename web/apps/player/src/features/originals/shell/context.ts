// What a game inside the frame can use: config, balance, sound, errors and
// the shared panels. Slot and Crash (features/originals/slot, /crash) read it too.
import { createContext, useContext } from 'react';
import type { GameLimits, GameSlug, InhouseConfig, Round } from '../api';
import type { Effect } from './sound';

export type GameShell = {
  game: GameSlug;
  config: InhouseConfig;
  /** The member's session token (undefined for visitors: betting is then refused by the frame). */
  token: string | undefined;
  limits: GameLimits;
  /** Balance in minor units; undefined while unknown. */
  balance: number | undefined;
  currency: string;
  decimals: number;
  /** "₱1,234.50". */
  formatMoney: (minor: number) => string;
  /** Shows a balance the server answered (before or after an animation). */
  setBalance: (minor: number) => void;
  muted: boolean;
  play: (effect: Effect, pitch?: number) => void;
  reducedMotion: boolean;
  /** Shows an error (server apperr code or any Error) translated, in the frame's alert bar. */
  showError: (err: unknown) => void;
  clearError: () => void;
  /** A round was played or changed: refreshes the seeds (nonce), recall and active rounds. */
  roundChanged: (round?: Round) => void;
  /** Unfinished rounds of the member (GET /wps/inhouse/active), all games. */
  active: Round[];
  /** Opens the login prompt (a visitor watching a public game such as Crash who wants to bet). */
  login?: () => void;
  openSeeds: () => void;
  openHistory: () => void;
};

export const GameShellContext = createContext<GameShell | null>(null);

export function useGameShell(): GameShell {
  const v = useContext(GameShellContext);
  if (!v) throw new Error('useGameShell outside the originals game frame');
  return v;
}
