// The Crash stage: the canvas (skyline, curve, jeepney) and, over it, the
// big multiplier, the countdown and the crash result as real text (readable
// by screen readers and crisp at any zoom). While a round flies one
// requestAnimationFrame loop draws the canvas and writes the multiplier;
// React does not re-render per frame.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { drawScene, type Scene } from './draw';
import { elapsedSince, formatPoint, multiplierAt, parseServerTime, timeTo } from './maths';
import type { Table } from './store';
import s from './crash.module.css';

type Props = {
  table: Table;
  reducedMotion: boolean;
  /** The member's cash-out multiplier this round (hundredths), drawn on the curve. */
  cashout?: number;
  /** Shown under the multiplier (e.g. "You cashed out 250.00"). */
  note?: string;
  link: 'connecting' | 'open' | 'down';
};

export function CrashStage({ table, reducedMotion, cashout, note, link }: Props) {
  const { t } = useTranslation('slotcrash');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const multRef = useRef<HTMLSpanElement>(null);
  const countRef = useRef<HTMLSpanElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const crashedLocal = useRef<{ id: unknown; at: number } | null>(null);
  const betting = useRef<{ id: unknown; total: number }>({ id: null, total: 7000 });
  const size = useRef({ w: 0, h: 0 });
  const live = useRef({ table, reducedMotion, cashout });
  live.current = { table, reducedMotion, cashout };
  const secondsLabel = useRef((n: number) => `${n}s`);
  secondsLabel.current = (n: number) => t('crash.seconds', { n });

  const round = table.round;
  const status = round?.status ?? 'WAITING';
  if (status === 'CRASHED' && round && crashedLocal.current?.id !== round.id) crashedLocal.current = { id: round.id, at: Date.now() };

  // Canvas size follows its box (CSS pixels x devicePixelRatio).
  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!box || !canvas) return;
    const apply = (w: number, h: number) => {
      const dpr = Math.min(2, globalThis.devicePixelRatio || 1);
      size.current = { w, h };
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.getContext('2d')?.setTransform(dpr, 0, 0, dpr, 0, 0);
      frame();
    };
    const ro =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => {
            const r = entries[entries.length - 1]?.contentRect;
            if (r) apply(r.width, r.height);
          })
        : undefined;
    if (ro) ro.observe(box);
    else apply(box.clientWidth, box.clientHeight);
    return () => ro?.disconnect();
  }, []);

  /** Draws one frame from the latest table; returns whether to keep animating. */
  const frame = () => {
    const { table: tb, reducedMotion: rm, cashout: co } = live.current;
    const r = tb.round;
    const now = Date.now();
    const st = (r?.status ?? 'WAITING') as Scene['status'];
    let elapsed = 0;
    let m = 100;
    if (r && st === 'RUNNING' && r.startedAt !== undefined) {
      elapsed = elapsedSince(r.startedAt, now, tb.offset);
      m = multiplierAt(elapsed);
    } else if (r && st === 'CRASHED') {
      m = r.point ?? 100;
      elapsed = timeTo(m);
    }
    if (multRef.current) multRef.current.textContent = st === 'BETTING' || st === 'WAITING' ? '' : formatPoint(m);
    if (st === 'BETTING' && r?.bettingEndsAt !== undefined) {
      const left = Math.max(0, parseServerTime(r.bettingEndsAt) - (now + tb.offset));
      if (countRef.current) countRef.current.textContent = (left / 1000).toFixed(1);
      // The bar's full length is the longest wait seen for this round (the betting window).
      if (betting.current.id !== r.id) betting.current = { id: r.id, total: Math.max(left, 1000) };
      else if (left > betting.current.total) betting.current.total = left;
      if (barRef.current) barRef.current.style.transform = `scaleX(${Math.min(1, left / betting.current.total).toFixed(3)})`;
    }
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    const { w, h } = size.current;
    if (ctx && w > 0 && h > 0) {
      drawScene(ctx, w, h, {
        status: st,
        elapsed,
        multiplier: m,
        now,
        crashedAt: crashedLocal.current?.id === r?.id ? crashedLocal.current?.at : undefined,
        cashout: co,
        reducedMotion: rm,
        labels: { seconds: (n) => secondsLabel.current(n) },
      });
    }
    if (st === 'RUNNING' || st === 'BETTING') return true;
    if (st === 'CRASHED' && !rm && crashedLocal.current && now - crashedLocal.current.at < 1500) return true;
    return false;
  };

  // The loop: every frame while flying or counting down (a few frames a second with reduced motion).
  useEffect(() => {
    let id = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      const more = frame();
      if (!more) return;
      if (reducedMotion) timer = setTimeout(tick, 100);
      else id = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      stopped = true;
      cancelAnimationFrame(id);
      clearTimeout(timer);
    };
  }, [status, round?.id, reducedMotion, cashout, table.offset]);

  return (
    <div className={s.stage} ref={boxRef} data-status={status} data-testid="crash-stage">
      <canvas ref={canvasRef} className={s.canvas} aria-hidden="true" />
      <div className={s.hud}>
        {status === 'BETTING' ? (
          <div className={s.countdown} data-testid="crash-countdown">
            <span className={s.hudLabel}>{t('crash.nextRound')}</span>
            <span className={s.countValue}>
              <span ref={countRef} />
              <span className={s.unit}>{t('crash.secondsUnit')}</span>
            </span>
            <div className={s.bar}>
              <div ref={barRef} className={s.barFill} />
            </div>
          </div>
        ) : status === 'WAITING' ? (
          <div className={s.countdown}>
            <span className={s.hudLabel}>{link === 'down' ? t('crash.reconnecting') : t('crash.connecting')}</span>
          </div>
        ) : (
          <div className={s.flight}>
            <span ref={multRef} className={s.multiplier} data-testid="crash-multiplier" />
            {status === 'CRASHED' && (
              <span className={s.crashed} data-testid="crash-crashed">
                {t('crash.crashedAt', { point: formatPoint(round?.point ?? 100) })}
              </span>
            )}
          </div>
        )}
        {note && <p className={s.note}>{note}</p>}
      </div>
      {link === 'down' && (
        <div className={s.linkDown} role="status">
          {t('crash.reconnecting')}
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {status === 'CRASHED' ? t('crash.crashedAt', { point: formatPoint(round?.point ?? 100) }) : status === 'RUNNING' ? t('crash.a11yRunning') : status === 'BETTING' ? t('crash.a11yBetting') : ''}
      </p>
    </div>
  );
}
