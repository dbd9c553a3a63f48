// Paces the slot's presentation: timed pauses and win count-ups that the
// player can skip (space, a click) and that all end at once when the game
// leaves the page. Integer amounts only.

export type Frame = (cb: (t: number) => void) => number;

export class Pacer {
  private skipCurrent: (() => void) | null = null;
  private ended = false;
  constructor(
    private readonly raf: Frame = (cb) => requestAnimationFrame(cb),
    private readonly cancelRaf: (id: number) => void = (id) => cancelAnimationFrame(id),
  ) {}

  /** True once end() was called: flows check it after every await and stop. */
  get over() {
    return this.ended;
  }

  /** Waits `ms`, or less when skipped or ended. */
  wait(ms: number): Promise<void> {
    if (this.ended || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        if (self.skipCurrent === done) self.skipCurrent = null;
        resolve();
      }
      this.skipCurrent = done;
    });
  }

  /** Waits until skip() (a button, the space bar) or end(). */
  untilSkipped(): Promise<void> {
    return this.wait(2 ** 31 - 1);
  }

  /**
   * Counts from 0 to `to` over `ms` (ease-out), calling onValue with whole
   * numbers; skipping jumps to the end. onStep fires about every 90 ms (ticks).
   */
  countUp(to: number, ms: number, onValue: (v: number) => void, onStep?: () => void): Promise<void> {
    if (this.ended || ms <= 0 || to <= 0) {
      onValue(Math.max(0, to));
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let start = -1;
      let lastStep = 0;
      let id = 0;
      const finish = () => {
        this.cancelRaf(id);
        if (this.skipCurrent === finish) this.skipCurrent = null;
        onValue(to);
        resolve();
      };
      const frame = (t: number) => {
        if (start < 0) start = t;
        const p = Math.min(1, (t - start) / ms);
        const eased = 1 - Math.pow(1 - p, 3);
        onValue(Math.floor(to * eased));
        if (onStep && t - lastStep >= 90) {
          lastStep = t;
          onStep();
        }
        if (p >= 1) finish();
        else id = this.raf(frame);
      };
      this.skipCurrent = finish;
      id = this.raf(frame);
    });
  }

  /** Ends the current pause or count-up now. */
  skip(): boolean {
    const s = this.skipCurrent;
    if (!s) return false;
    this.skipCurrent = null;
    s();
    return true;
  }

  /** Ends everything (unmount). */
  end() {
    this.ended = true;
    this.skip();
  }
}

/** How long a win counts up: longer for bigger wins (in total bets), 0.6 s to 3 s. */
export function countUpMs(multiplier: number): number {
  const bets = multiplier / 10000;
  if (bets <= 0) return 0;
  return Math.round(Math.min(3000, 600 + 900 * Math.log10(1 + bets)));
}
