import { Megaphone } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutoScroll, usePageVisible, usePrefersReducedMotion } from '@/lib/motion';
import { useUiActions } from '@/lib/ui-actions';
import type { Headline, Notice } from '../api/announcements';

type Item = { key: string; title: string; noticeIndex?: number; headline: boolean };

/** Headlines first, then player notices (whose position is the notice modal's index). */
export function marqueeItems(headlines: Headline[], notices: Notice[]): Item[] {
  return [
    ...headlines.map((h) => ({ key: `h${h.id}`, title: h.title, headline: true })),
    ...notices.map((n, i) => ({ key: `n${n.id}`, title: n.title, noticeIndex: i, headline: false })),
  ];
}

/** Notice marquee (spec section 2): clicking an item opens the notice modal at that notice. */
export function NoticeMarquee({ headlines, notices }: { headlines: Headline[]; notices: Notice[] }) {
  const { t } = useTranslation('content');
  const { openNotice } = useUiActions();
  const reduced = usePrefersReducedMotion();
  const visible = usePageVisible();
  const [paused, setPaused] = useState(false);
  const track = useRef<HTMLUListElement>(null);
  const items = marqueeItems(headlines, notices);
  const loopSize = useCallback(() => (track.current ? track.current.scrollWidth / 2 : 0), []);
  const moving = !reduced && items.length > 0;
  useAutoScroll(track, 'x', moving && visible && !paused, loopSize);
  if (items.length === 0) return null;

  const render = (copy: boolean) =>
    items.map((it) => (
      <li key={(copy ? 'c' : '') + it.key} aria-hidden={copy || undefined}>
        <button
          type="button"
          className="cnt-marquee__item"
          data-headline={it.headline || undefined}
          tabIndex={copy ? -1 : undefined}
          onClick={() => openNotice(it.noticeIndex)}
        >
          {it.headline && <span className="cnt-marquee__pin">{t('notice.headline')}</span>}
          <bdi>{it.title}</bdi>
        </button>
      </li>
    ));

  return (
    <section className="cnt-marquee" aria-label={t('notice.label')}>
      <span className="cnt-marquee__icon" aria-hidden="true">
        <Megaphone size={18} />
      </span>
      <div
        className="cnt-marquee__viewport"
        data-moving={moving || undefined}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <ul className="cnt-marquee__track" ref={track}>
          {render(false)}
          {moving && render(true)}
        </ul>
      </div>
      <button type="button" className="cnt-marquee__all" onClick={() => openNotice()}>
        {t('notice.all')}
      </button>
    </section>
  );
}
