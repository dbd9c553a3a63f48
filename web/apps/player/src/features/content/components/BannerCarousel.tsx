import { Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cdnUrl } from '@/lib/cdn';
import { usePageVisible, usePrefersReducedMotion } from '@/lib/motion';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import type { Banner } from '../api/announcements';

/** Spec section 9: banner autoplay 5000 ms, transition 1000 ms. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_TRANSITION_MS = 1000;
const SWIPE_PX = 40;

function BannerLink({ banner, hidden, children }: { banner: Banner; hidden: boolean; children: ReactNode }) {
  const { launch } = useUiActions();
  const tab = hidden ? -1 : undefined;
  const target = banner.linkTarget?.trim() ?? '';
  switch (target ? banner.linkageType : 'NONE') {
    case 'URL':
      return /^https?:\/\//i.test(target) ? (
        <a className="cnt-slide__link" href={target} target="_blank" rel="noopener noreferrer" tabIndex={tab} aria-label={banner.title}>
          {children}
        </a>
      ) : (
        <div className="cnt-slide__link">{children}</div>
      );
    case 'ROUTE':
      return (
        <Link className="cnt-slide__link" to={target.startsWith('/') ? target : `/${target}`} tabIndex={tab} aria-label={banner.title}>
          {children}
        </Link>
      );
    case 'PROMOTION':
      return (
        <Link className="cnt-slide__link" to={paths.promotions(target)} tabIndex={tab} aria-label={banner.title}>
          {children}
        </Link>
      );
    case 'GAME':
      return (
        <button
          type="button"
          className="cnt-slide__link"
          tabIndex={tab}
          aria-label={banner.title}
          onClick={() => launch({ nodeId: Number(target), vassalage: '', gameType: '', name: banner.title })}
        >
          {children}
        </button>
      );
    default:
      return <div className="cnt-slide__link">{children}</div>;
  }
}

/**
 * Home banner carousel (spec section 2). With more than one banner it loops
 * seamlessly: the track holds a copy of the last slide before the first and of
 * the first after the last, and snaps back without animation after landing on
 * a copy.
 */
export function BannerCarousel({ banners, imageBase }: { banners: Banner[]; imageBase: string }) {
  const { t } = useTranslation('content');
  const n = banners.length;
  const loops = n > 1;
  const reduced = usePrefersReducedMotion();
  const visible = usePageVisible();
  const [pos, setPos] = useState(loops ? 1 : 0); // index in the extended track
  const [animate, setAnimate] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const active = loops ? (((pos - 1) % n) + n) % n : 0;

  useEffect(() => {
    setPos(loops ? 1 : 0);
    setAnimate(false);
  }, [n, loops]);

  const go = useCallback(
    (extended: number) => {
      if (!loops) return;
      clearTimeout(settle.current);
      const normal = ((((extended - 1) % n) + n) % n) + 1;
      if (reduced) {
        setAnimate(false);
        setPos(normal);
        return;
      }
      setAnimate(true);
      setPos(extended);
      if (extended !== normal) {
        // Landed on a copy: jump to the real slide once the transition is over.
        settle.current = setTimeout(() => {
          setAnimate(false);
          setPos(normal);
        }, BANNER_TRANSITION_MS);
      }
    },
    [loops, n, reduced],
  );
  useEffect(() => () => clearTimeout(settle.current), []);

  const next = useCallback(() => go(active + 2), [go, active]);
  const prev = useCallback(() => go(active), [go, active]);

  const playing = loops && !reduced && !stopped && !hovered && !focused && visible;
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(next, BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, next, active]);

  if (n === 0) return null;
  const slides = loops ? [banners[n - 1], ...banners, banners[0]] : banners;

  return (
    <section
      className="cnt-carousel"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') next();
        else if (e.key === 'ArrowLeft') prev();
      }}
    >
      <div
        className="cnt-carousel__viewport"
        // The track moves by negative offsets, so it is laid out left to right in every language.
        dir="ltr"
        onPointerDown={(e) => {
          swiped.current = false;
          if (e.pointerType !== 'mouse') swipe.current = { x: e.clientX, y: e.clientY };
        }}
        onPointerUp={(e) => {
          const s = swipe.current;
          swipe.current = null;
          if (!s) return;
          const dx = e.clientX - s.x;
          if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - s.y)) {
            swiped.current = true;
            if (dx < 0) next();
            else prev();
          }
        }}
        onClickCapture={(e) => {
          // A swipe is not a click on the banner.
          if (swiped.current) {
            e.preventDefault();
            e.stopPropagation();
            swiped.current = false;
          }
        }}
      >
        <div
          className="cnt-carousel__track"
          style={{
            transform: `translate3d(${-pos * 100}%,0,0)`,
            transition: animate ? `transform ${BANNER_TRANSITION_MS}ms cubic-bezier(0.45, 0, 0.2, 1)` : 'none',
          }}
        >
          {slides.map((b, i) => {
            const real = loops ? i >= 1 && i <= n : true;
            const index = loops ? (((i - 1) % n) + n) % n : i;
            const hidden = !real || index !== active;
            return (
              <div
                key={`${b.id}-${i}`}
                className="cnt-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('banner.slide', { index: index + 1, total: n })}
                aria-hidden={hidden || undefined}
              >
                <BannerLink banner={b} hidden={hidden}>
                  <img
                    src={cdnUrl(imageBase, b.url)}
                    alt={b.title}
                    width={1200}
                    height={400}
                    draggable={false}
                    loading={i === (loops ? 1 : 0) ? 'eager' : 'lazy'}
                    fetchPriority={i === (loops ? 1 : 0) ? 'high' : undefined}
                    decoding="async"
                  />
                </BannerLink>
              </div>
            );
          })}
        </div>
      </div>
      {loops && (
        <div className="cnt-carousel__controls">
          <div className="cnt-carousel__dots">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className="cnt-dot"
                aria-label={t('banner.goTo', { index: i + 1 })}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => go(i + 1)}
              />
            ))}
          </div>
          {!reduced && (
            <button
              type="button"
              className="cnt-carousel__toggle"
              onClick={() => setStopped((s) => !s)}
              aria-label={t(stopped ? 'banner.play' : 'banner.pause')}
            >
              {stopped ? <Play size={12} fill="currentColor" aria-hidden="true" /> : <Pause size={12} fill="currentColor" aria-hidden="true" />}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
