// Motion helpers shared by the carousel, the notice marquee and the winner
// boards: reduced-motion preference, page visibility, and a frame-stepped
// auto-scroller (spec section 9: step 0.5 px per frame).
import { useEffect, useState, type RefObject } from 'react';

function mediaMatches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => mediaMatches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(query);
    const on = () => setReduced(mq.matches);
    mq.addEventListener?.('change', on);
    return () => mq.removeEventListener?.('change', on);
  }, []);
  return reduced;
}

export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

export const AUTO_SCROLL_STEP = 0.5;

/**
 * Scrolls `track` inside its viewport by `step` px per animation frame, looping
 * after `loopSize()` px (the track holds its content twice, so the jump back is
 * invisible). Stops while `running` is false.
 */
export function useAutoScroll(
  track: RefObject<HTMLElement | null>,
  axis: 'x' | 'y',
  running: boolean,
  loopSize: () => number,
  step = AUTO_SCROLL_STEP,
) {
  useEffect(() => {
    const el = track.current;
    if (!el || !running || typeof requestAnimationFrame !== 'function') return;
    let offset = Number(el.dataset.offset ?? 0);
    let frame = 0;
    // Right-to-left tracks overflow to the left, so they move the other way.
    const sign = axis === 'x' && getComputedStyle(el).direction === 'rtl' ? 1 : -1;
    const tick = () => {
      const size = loopSize();
      if (size > 0) {
        offset += step;
        if (offset >= size) offset -= size;
        el.dataset.offset = String(offset);
        el.style.transform = axis === 'x' ? `translate3d(${sign * offset}px,0,0)` : `translate3d(0,${-offset}px,0)`;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [track, axis, running, loopSize, step]);
}
