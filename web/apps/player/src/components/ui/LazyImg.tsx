// An <img> whose source is set only when it comes within a short distance of
// the viewport. The browser's own loading="lazy" starts thousands of pixels
// early, so every tile of a long page loads (and every SVG is parsed on the
// main thread) during start-up; one shared IntersectionObserver with a short
// margin keeps that work for when the user scrolls there.
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

const MARGIN = '300px';
let observer: IntersectionObserver | undefined;
const callbacks = new WeakMap<Element, () => void>();

function observe(el: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    onNear();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer?.unobserve(e.target);
        callbacks.get(e.target)?.();
        callbacks.delete(e.target);
      }
    },
    { rootMargin: MARGIN },
  );
  callbacks.set(el, onNear);
  observer.observe(el);
  return () => {
    observer?.unobserve(el);
    callbacks.delete(el);
  };
}

export type LazyImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading'> & {
  src: string;
  /** Load at once (above-the-fold images). */
  eager?: boolean;
};

export function LazyImg({ src, eager, ...rest }: LazyImgProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(!!eager);
  useEffect(() => {
    if (near || !ref.current) return;
    return observe(ref.current, () => setNear(true));
  }, [near]);
  return <img ref={ref} src={near ? src : undefined} loading={eager ? 'eager' : 'lazy'} {...rest} />;
}
