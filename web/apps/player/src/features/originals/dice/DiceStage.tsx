// The dice board: the rolled number spinning to its value, and a 00–100 track
// with the winning zone, the target handle (a range input, so keyboard and
// screen readers can move it) and the roll marker.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import s from './Dice.module.css';

import { formatRoll } from './format';

export { formatRoll };

export type DiceStageProps = {
  target: number;
  over: boolean;
  /** The roll to show; changing rollKey replays the spin to it. */
  roll: number | null;
  win: boolean | null;
  rollKey: number;
  reducedMotion: boolean;
  onTargetChange?: (target: number) => void;
  minTarget?: number;
  maxTarget?: number;
  disabled?: boolean;
  onTick?: (i: number) => void;
  onSettled?: () => void;
};

export const ROLL_MS = 900;

export function DiceStage({ target, over, roll, win, rollKey, reducedMotion, onTargetChange, minTarget = 0, maxTarget = 9999, disabled, onTick, onSettled }: DiceStageProps) {
  const { t } = useTranslation('originals');
  const [shown, setShown] = useState<number | null>(roll);
  const [spinning, setSpinning] = useState(false);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const tick = useRef(onTick);
  tick.current = onTick;

  useEffect(() => {
    if (roll === null) {
      setShown(null);
      return;
    }
    if (reducedMotion || rollKey === 0) {
      setShown(roll);
      setSpinning(false);
      if (rollKey !== 0) settled.current?.();
      return;
    }
    let raf = 0;
    let ticks = 0;
    const start = performance.now();
    setSpinning(true);
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / ROLL_MS);
      if (p >= 1) {
        setShown(roll);
        setSpinning(false);
        settled.current?.();
        return;
      }
      // Random digits slowing down, ending close to the roll.
      const ease = 1 - (1 - p) ** 3;
      const jitter = Math.floor((1 - ease) * 5000 * (Math.random() * 2 - 1));
      setShown(Math.max(0, Math.min(9999, roll + jitter)));
      const n = Math.floor(ease * 14);
      if (n > ticks) {
        ticks = n;
        tick.current?.(n);
      }
      raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [roll, rollKey, reducedMotion]);

  const pct = (v: number) => `${(v / 100).toFixed(2)}%`;
  const state = spinning ? 'spinning' : win === null ? 'idle' : win ? 'win' : 'lose';
  return (
    <div className={s.stage} data-state={state}>
      <div className={s.rollBox} aria-live="polite" aria-atomic="true">
        <svg className={s.cube} viewBox="0 0 64 64" aria-hidden="true" data-spin={spinning || undefined}>
          <rect x="6" y="6" width="52" height="52" rx="14" className={s.cubeFace} />
          {[
            [20, 20],
            [44, 20],
            [32, 32],
            [20, 44],
            [44, 44],
          ].map(([x, y]) => (
            <circle key={`${x}${y}`} cx={x} cy={y} r="5" className={s.pip} />
          ))}
        </svg>
        <output className={s.rollValue} data-testid="dice-roll" data-final={!spinning && shown !== null ? formatRoll(shown) : undefined}>
          {shown === null ? '--.--' : formatRoll(shown)}
        </output>
        <span className={s.rollVerdict}>{spinning ? '' : win === null ? t('dice.ready') : win ? t('dice.won') : t('dice.lost')}</span>
      </div>

      <div className={s.track} data-over={over || undefined}>
        <div className={s.rail} aria-hidden="true">
          <div className={s.lose} />
          <div className={s.winZone} style={over ? { insetInlineStart: pct(target), insetInlineEnd: 0 } : { insetInlineStart: 0, width: pct(target) }} />
          {shown !== null && (
            <div className={s.marker} data-win={win ?? undefined} style={{ insetInlineStart: pct(shown) }}>
              <span>{formatRoll(shown)}</span>
            </div>
          )}
        </div>
        <div className={s.scale} aria-hidden="true">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n} style={{ insetInlineStart: `${n}%` }}>
              {n}
            </span>
          ))}
        </div>
        <input
          type="range"
          className={s.range}
          min={0}
          max={9999}
          step={1}
          value={target}
          disabled={disabled || !onTargetChange}
          aria-label={over ? t('dice.targetOver') : t('dice.targetUnder')}
          aria-valuetext={formatRoll(target)}
          data-testid="dice-target"
          onChange={(e) => {
            const v = Math.max(minTarget, Math.min(maxTarget, Number(e.target.value)));
            onTargetChange?.(v);
          }}
        />
      </div>
    </div>
  );
}
