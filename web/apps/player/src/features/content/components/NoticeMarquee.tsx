import { Megaphone } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCssAutoScroll, usePrefersReducedMotion } from '@/lib/motion';
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

/** Placeholder with the marquee's final height while the announcements load (no layout shift). */
export function NoticeMarqueeSkeleton() {
  return <div className="cnt-marquee cnt-marquee--skel skeleton" aria-hidden="true" />;
}

/** Notice marquee (spec section 2): clicking an item opens the notice modal at that notice. */
export function NoticeMarquee({ headlines, notices }: { headlines: Headline[]; notices: Notice[] }) {
  const { t } = useTranslation('content');
  const { openNotice } = useUiActions();
  const reduced = usePrefersReducedMotion();
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const items = marqueeItems(headlines, notices);
  const moving = !reduced && items.length > 0;
  // CSS animation (content.css); pauses on hover, focus and off-screen.
  useCssAutoScroll(viewport, track, 'x', moving);
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
      <div className="cnt-marquee__viewport" data-moving={moving || undefined} ref={viewport}>
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
