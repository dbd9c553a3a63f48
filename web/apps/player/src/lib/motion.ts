// Motion helpers shared by the carousel, the notice marquee and the winner
// boards: reduced-motion preference, page visibility, and a CSS keyframe
// auto-scroller (spec section 9: 0.5 px per frame, i.e. 30 px/s).
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

/**
 * False for the first render, true once that render has been painted: lets a
 * page render what is below the fold in a second, separate task instead of
 * one long task before the first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => {
            timer = setTimeout(() => setPainted(true), 0);
          })
        : undefined;
    if (frame === undefined) timer = setTimeout(() => setPainted(true), 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Becomes true in an idle period after `when` turns true (work that can wait for a quiet main thread). */
export function useIdleFlag(when: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!when || ready) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, [when, ready]);
  return ready;
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

/** Spec section 9: the marquee and the winner boards move 0.5 px per frame (30 px/s at 60 fps). */
export const AUTO_SCROLL_STEP = 0.5;
export const AUTO_SCROLL_PX_PER_SECOND = AUTO_SCROLL_STEP * 60;

/**
 * Endless CSS scroller: the track holds its content twice and a keyframe
 * animation (transform only, run by the compositor, no per-frame JavaScript)
 * moves it by half its size, so the jump back is invisible. This hook only
 * sets the duration from the loop size (`--loop-duration`, re-measured when the
 * track resizes) and marks the viewport `data-offscreen` while it is out of
 * view so the animation pauses there; hover and focus pause it in CSS.
 */
export function useCssAutoScroll(
  viewport: RefObject<HTMLElement | null>,
  track: RefObject<HTMLElement | null>,
  axis: 'x' | 'y',
  running: boolean,
  pxPerSecond = AUTO_SCROLL_PX_PER_SECOND,
) {
  useEffect(() => {
    const vp = viewport.current;
    const el = track.current;
    if (!vp || !el || !running) return;
    const apply = (full: number) => {
      if (full > 0) el.style.setProperty('--loop-duration', `${(full / 2 / pxPerSecond).toFixed(2)}s`);
    };
    // The ResizeObserver reports the size right after layout (and on every change, e.g. when
    // the web font arrives), so measuring never forces a synchronous layout.
    const ro =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => {
            const r = entries[entries.length - 1]?.contentRect;
            if (r) apply(axis === 'x' ? r.width : r.height);
          })
        : undefined;
    if (ro) ro.observe(el);
    else apply(axis === 'x' ? el.scrollWidth : el.scrollHeight);
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            const e = entries[entries.length - 1];
            if (e) vp.toggleAttribute('data-offscreen', !e.isIntersecting);
          })
        : undefined;
    io?.observe(vp);
    return () => {
      ro?.disconnect();
      io?.disconnect();
      vp.removeAttribute('data-offscreen');
    };
  }, [viewport, track, axis, running, pxPerSecond]);
}
