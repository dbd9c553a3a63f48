// The 5x3 reel window. Spinning has two phases: `spin()` starts an endless
// roll at once (the click feels immediate while the request is in flight),
// `land(grid)` rolls each reel down onto the server's window, left to right,
// with a small overshoot, and resolves when the last reel has stopped.
// With reduced motion nothing scrolls: the reels dim while waiting and the
// new symbols appear reel by reel. Space or the spin button during a landing
// slams the reels to a stop (`quickStop`).
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REELS, ROWS, reelTape, type SymbolName } from './model';
import { SymbolArt } from './SymbolArt';
import { cellKey } from './geometry';
import s from './slot.module.css';

export type ReelsHandle = {
  /** Starts the endless roll (before the answer is known). */
  spin: () => void;
  /** Rolls onto this window (grid[reel][row]); resolves when every reel has stopped. */
  land: (grid: SymbolName[][], opts?: { strips?: SymbolName[][]; stops?: number[]; anticipate?: boolean[] }) => Promise<void>;
  /** Ends a landing now. */
  quickStop: () => void;
  /** Stops an endless roll without a result (the request failed): back to the last window. */
  abort: () => void;
};

type Props = {
  grid: SymbolName[][];
  symbols: SymbolName[];
  reducedMotion: boolean;
  /** Cells to light (reel:row); when set, the other cells dim. */
  highlight?: Set<string> | null;
  /** Called as each reel stops (for the thud and the scatter anticipation). */
  onReelStop?: (reel: number, column: SymbolName[]) => void;
  /** Symbol name → visible name (for the screen-reader label of each cell). */
  label: (name: SymbolName) => string;
  children?: React.ReactNode;
};

type Mode = 'idle' | 'spin' | 'land';

/** Timing of the landing (ms): reel r starts stopping at LAND_BASE + r * LAND_STEP. */
export const LAND_BASE = 520;
export const LAND_STEP = 230;
/** Extra time a reel spins when it may complete a scatter trigger. */
export const ANTICIPATION = 900;

function Cell({ name, tag, win, dim, label }: { name: SymbolName; tag?: string; win?: boolean; dim?: boolean; label?: string }) {
  return (
    <div className={s.cell} data-symbol={name} data-win={win || undefined} data-dim={dim || undefined} role={label ? 'img' : undefined} aria-label={label}>
      <SymbolArt name={name} className={s.symbol} />
      {tag && <span className={s.tag}>{tag}</span>}
    </div>
  );
}

export const Reels = forwardRef<ReelsHandle, Props>(function Reels({ grid, symbols, reducedMotion, highlight, onReelStop, label, children }, ref) {
  const { t } = useTranslation('slotcrash');
  const [mode, setMode] = useState<Mode>('idle');
  const [tapes, setTapes] = useState<SymbolName[][]>([]);
  const [shown, setShown] = useState<SymbolName[][]>(grid);
  // Reels already stopped during a reduced-motion landing.
  const [revealed, setRevealed] = useState(REELS);
  const tapeRefs = useRef<(HTMLDivElement | null)[]>([]);
  const anims = useRef<Animation[]>([]);
  const pending = useRef<{ resolve: () => void; target: SymbolName[][]; anticipate: boolean[] } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const onStop = useRef(onReelStop);
  onStop.current = onReelStop;

  // A new window from outside (a resumed round, a replay) while idle.
  useEffect(() => {
    if (mode === 'idle') setShown(grid);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [grid]);

  const tags = useMemo(() => ({ WILD: t('slot.tag.wild'), SCATTER: t('slot.tag.scatter') }) as Record<string, string>, [t]);

  // Endless roll: a loop of symbols per reel, fixed for the component's life.
  const loops = useMemo(
    () =>
      Array.from({ length: REELS }, (_, r) => {
        const tape = reelTape([], [], 10, { pool: symbols, seed: 0x9e3779b1 ^ (r * 0x85ebca6b) });
        return [...tape, ...tape];
      }),
    [symbols],
  );

  const clearTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  const finish = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    anims.current = [];
    clearTimers();
    setShown(p.target);
    setMode('idle');
    setRevealed(REELS);
    p.resolve();
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      spin() {
        clearTimers();
        setRevealed(REELS);
        setMode('spin');
      },
      land(target, opts) {
        return new Promise<void>((resolve) => {
          const anticipate = opts?.anticipate ?? [];
          pending.current = { resolve, target, anticipate };
          if (reducedMotion) {
            // Reel by reel, no movement.
            setMode('land');
            setTapes([]);
            setRevealed(0);
            for (let r = 0; r < REELS; r++) {
              timers.current.push(
                setTimeout(() => {
                  setRevealed(r + 1);
                  onStop.current?.(r, target[r]);
                  if (r === REELS - 1) finish();
                }, 90 * (r + 1)),
              );
            }
            return;
          }
          const next = target.map((col, r) =>
            reelTape(col, loops[r].slice(0, ROWS), 12 + r * 4 + (anticipate[r] ? 14 : 0), {
              strip: opts?.strips?.[r],
              stop: opts?.stops?.[r],
              pool: symbols,
              seed: (Date.now() ^ (r * 2654435761)) >>> 0,
            }),
          );
          setTapes(next);
          setMode('land');
        });
      },
      quickStop() {
        if (mode !== 'land' || !pending.current) return;
        const anim = anims.current;
        if (anim.length) anim.forEach((a) => a.finish());
        else {
          clearTimers();
          const target = pending.current.target;
          for (let r = revealed; r < REELS; r++) onStop.current?.(r, target[r]);
          finish();
        }
      },
      abort() {
        clearTimers();
        pending.current = null;
        setMode('idle');
        setRevealed(REELS);
      },
    }),
    [reducedMotion, loops, symbols, finish, mode, revealed],
  );

  // Run the landing animations once the tapes are in the DOM.
  useLayoutEffect(() => {
    if (mode !== 'land' || reducedMotion || !tapes.length) return;
    const p = pending.current;
    if (!p) return;
    let stopped = 0;
    let delay = 0;
    const list: Animation[] = [];
    tapes.forEach((tape, r) => {
      const el = tapeRefs.current[r];
      const len = tape.length;
      const from = -((len - ROWS) / len) * 100;
      const bounce = (1.2 / len) * 100; // a fifth of a symbol past the stop, then back
      const duration = LAND_BASE + r * LAND_STEP + (p.anticipate[r] ? ANTICIPATION : 0) + delay;
      delay += p.anticipate[r] ? ANTICIPATION : 0;
      const done = () => {
        onStop.current?.(r, tape.slice(0, ROWS));
        stopped++;
        if (stopped === tapes.length) finish();
      };
      if (!el || typeof el.animate !== 'function') {
        timers.current.push(setTimeout(done, duration));
        return;
      }
      const a = el.animate(
        [
          { transform: `translateY(${from}%)`, filter: 'blur(1.5px)', offset: 0 },
          { transform: `translateY(${bounce / 6}%)`, filter: 'blur(0px)', offset: 0.86 },
          { transform: 'translateY(0%)', filter: 'blur(0px)', offset: 1 },
        ],
        { duration, easing: 'cubic-bezier(0.25, 0.6, 0.3, 1)', fill: 'both' },
      );
      a.onfinish = done;
      list.push(a);
    });
    anims.current = list;
    return () => list.forEach((a) => (a.onfinish = null));
  }, [mode, tapes, reducedMotion, finish]);

  useEffect(() => () => clearTimers(), []);

  const showWin = mode === 'idle' && highlight && highlight.size > 0;

  return (
    <div className={s.window} data-mode={mode} data-testid="slot-reels">
      {Array.from({ length: REELS }, (_, r) => (
        <div key={r} className={s.reel} data-reel={r}>
          {mode === 'spin' && !reducedMotion ? (
            <div className={s.loop}>
              {loops[r].map((name, i) => (
                <Cell key={i} name={name} />
              ))}
            </div>
          ) : mode === 'land' && !reducedMotion && tapes[r] ? (
            <div
              className={s.tape}
              ref={(el) => {
                tapeRefs.current[r] = el;
              }}
              style={{ height: `${(tapes[r].length / ROWS) * 100}%` }}
            >
              {tapes[r].map((name, i) => (
                <Cell key={i} name={name} tag={i < ROWS ? tags[name] : undefined} />
              ))}
            </div>
          ) : (
            <div className={s.still} data-waiting={(mode === 'spin' || (mode === 'land' && r >= revealed)) || undefined}>
              {(mode === 'land' && r < revealed ? pending.current?.target[r] ?? shown[r] : shown[r]).map((name, row) => (
                <Cell
                  key={row}
                  name={name}
                  tag={tags[name]}
                  label={label(name)}
                  win={showWin ? highlight.has(cellKey(r, row)) : undefined}
                  dim={showWin ? !highlight.has(cellKey(r, row)) : undefined}
                />
              ))}
            </div>
          )}
        </div>
      ))}
      {children}
    </div>
  );
});
