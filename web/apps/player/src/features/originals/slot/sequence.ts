// How a slot round unfolds on screen. A round is a base spin plus every free
// spin it awards; the server plays them one request at a time (POST
// /slot/spin, then POST /slot/free per free spin) and the round stays OPEN
// while free spins are left, so a reload resumes it from GET /active. These
// pure functions decide what to show after each answer and whether to ask
// for the next free spin; the component only plays the steps.
import { spinWin, type SlotOutcome, type Spin } from './model';

export type Step =
  /** Spin the reels to this spin's window. */
  | { kind: 'reveal'; spin: Spin; free: boolean }
  /** Light the winning lines and count the win up. */
  | { kind: 'win'; spin: Spin; amount: number; big: boolean }
  /** Scatters awarded free spins (first trigger or a retrigger during free spins). */
  | { kind: 'trigger'; awarded: number; retrigger: boolean }
  /** The free spins ended: the feature's total. */
  | { kind: 'summary'; total: number; spins: number };

export type Progress = {
  /** Free spins already played in this round. */
  played: number;
  /** Free spins still to play. */
  left: number;
  /** played + left. */
  total: number;
  /** True from the trigger until the last free spin has been shown. */
  inFeature: boolean;
};

/** Where a round is in its free spins. */
export function progress(o: SlotOutcome): Progress {
  const played = Math.max(0, o.spins.length - 1);
  const left = Math.max(0, o.freeSpinsLeft);
  return { played, left, total: played + left, inFeature: played + left > 0 };
}

/** A win of at least this many total bets is shown as a big win. */
export const BIG_WIN_BETS = 15;

/** The win of free spins so far (all spins but the base spin). */
export function featureWin(o: SlotOutcome, amount: number): number {
  return o.spins.slice(1).reduce((sum, s) => sum + spinWin(amount, s.multiplier), 0);
}

/**
 * The steps to show for spin `index` of the round `o` (the spin just
 * answered). `amount` is the round's total bet.
 */
export function stepsFor(o: SlotOutcome, index: number, amount: number): Step[] {
  const spin = o.spins[index];
  if (!spin) return [];
  const steps: Step[] = [{ kind: 'reveal', spin, free: index > 0 }];
  const win = spinWin(amount, spin.multiplier);
  if (win > 0) steps.push({ kind: 'win', spin, amount: win, big: spin.multiplier >= BIG_WIN_BETS * 10000 });
  if (spin.freeSpinsAwarded > 0) {
    steps.push({ kind: 'trigger', awarded: spin.freeSpinsAwarded, retrigger: index > 0 });
  }
  const isLast = index === o.spins.length - 1 && o.freeSpinsLeft <= 0;
  if (isLast && index > 0) steps.push({ kind: 'summary', total: featureWin(o, amount), spins: index });
  return steps;
}

/** What to ask the server next for this round: another free spin, or nothing (the round is over). */
export function nextRequest(round: { status: string; outcome: SlotOutcome }): 'free' | null {
  return round.status === 'OPEN' && round.outcome.freeSpinsLeft > 0 ? 'free' : null;
}

/** Indexes of the spins in `next` that `prev` did not have yet (normally exactly one). */
export function newSpinIndexes(prev: SlotOutcome | undefined, next: SlotOutcome): number[] {
  const from = prev ? prev.spins.length : 0;
  return Array.from({ length: Math.max(0, next.spins.length - from) }, (_, i) => from + i);
}

/** Auto-play: whether to start another base spin after a finished one. */
export function autoContinue(a: { left: number; balance: number | null; amount: number; stopOnFeature: boolean; hadFeature: boolean }): boolean {
  if (a.left <= 0) return false;
  if (a.balance !== null && a.balance < a.amount) return false;
  if (a.stopOnFeature && a.hadFeature) return false;
  return true;
}
