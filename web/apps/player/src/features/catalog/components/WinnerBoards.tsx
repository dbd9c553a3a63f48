import { useQuery } from '@tanstack/react-query';
import { Sparkles, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/Skeleton';
import { LazyImg } from '@/components/ui/LazyImg';
import { cdnUrl } from '@/lib/cdn';
import { formatMinor } from '@/lib/format';
import { useCssAutoScroll, useIdleFlag, usePrefersReducedMotion } from '@/lib/motion';
import { useUiActions } from '@/lib/ui-actions';
import { winnersQuery } from '../api/catalog';
import { useCatalogEnv } from '../env';
import { useLanguage } from '../hooks/useLanguage';
import type { Winner } from '../types';
import { DefaultGameIcon } from './DefaultGameIcon';
import { CatalogError } from './States';

export const WINNER_LIMIT = 20;
/** Rows visible in a board; the list scrolls only when it holds more. */
const VISIBLE_ROWS = 5;

type Kind = Winner['kind'];

function WinnerIcon({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  return src && !failed ? (
    <LazyImg className="cat-win__icon" src={src} alt="" width={40} height={40} decoding="async" onError={() => setFailed(true)} />
  ) : (
    <DefaultGameIcon className="cat-win__icon" />
  );
}

type RowEnv = {
  t: ReturnType<typeof useTranslation<'catalog'>>['t'];
  launch: ReturnType<typeof useUiActions>['launch'];
  env: ReturnType<typeof useCatalogEnv>;
};

/** A board row. The board passes its hooks' results down: it renders up to 80 rows at once. */
function WinnerRow({ w, kind, hidden, ctx }: { w: Winner; kind: Kind; hidden?: boolean; ctx: RowEnv }) {
  const { t, launch } = ctx;
  const { imageBase, decimals, currencySymbol } = ctx.env;
  const amount = formatMinor(w.vo.winAmount, decimals);
  return (
    <li aria-hidden={hidden || undefined}>
      <button
        type="button"
        className="cat-win"
        tabIndex={hidden ? -1 : undefined}
        onClick={() => launch({ nodeId: w.vo.nodeId, vassalage: w.vo.vassalage, gameType: w.vo.gameType, gameCode: w.vo.gameCode, name: w.vo.gameName })}
        // The looping copy is hidden from assistive technology: it needs no label.
        aria-label={hidden ? undefined : t('winners.entry', { player: w.vo.customerName, amount: `${currencySymbol}${amount}`, game: w.vo.gameName })}
      >
        {kind === 'BIG' ? (
          <span className={`cat-win__rank cat-win__rank--${Math.min(w.rank, 4)}`}>{w.rank}</span>
        ) : (
          <WinnerIcon src={cdnUrl(imageBase, w.vo.iconUrl)} />
        )}
        <span className="cat-win__who">
          {kind === 'BIG' ? (
            <>
              <span className="cat-win__name">{w.vo.customerName}</span>
              <span className="cat-win__game">{w.vo.gameName}</span>
            </>
          ) : (
            <>
              <span className="cat-win__name">{w.vo.gameName}</span>
              <span className="cat-win__game">{w.vo.customerName}</span>
            </>
          )}
        </span>
        <span className="cat-win__amount">
          <span className="cat-win__cur">{currencySymbol}</span>
          {amount}
        </span>
      </button>
    </li>
  );
}

/** One board: a vertical list scrolling smoothly upward (CSS), pausing on hover, focus or off-screen. */
export function WinnerBoard({ kind }: { kind: Kind }) {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  const q = useQuery(winnersQuery(kind, language, WINNER_LIMIT));
  const { launch } = useUiActions();
  const env = useCatalogEnv();
  const ctx: RowEnv = { t, launch, env };
  const reduced = usePrefersReducedMotion();
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const list = q.data?.list ?? [];
  // The looping copy (and the motion) start in an idle period after the rows first render:
  // two shorter tasks instead of one long one while the page loads.
  const copyReady = useIdleFlag(q.isSuccess && !reduced && list.length > VISIBLE_ROWS);
  const scrolls = !reduced && list.length > VISIBLE_ROWS && copyReady;
  // CSS animation (catalog.css); pauses on hover, focus and off-screen.
  useCssAutoScroll(viewport, track, 'y', scrolls && q.isSuccess);
  const Icon = kind === 'BIG' ? Trophy : Sparkles;
  const title = t(kind === 'BIG' ? 'winners.big' : 'winners.jackpot');

  return (
    <section className={`cat-board cat-board--${kind}`} aria-label={title}>
      <h2 className="cat-board__title">
        <Icon size={18} aria-hidden="true" />
        {title}
      </h2>
      <div className="cat-board__viewport" data-scrolls={scrolls || undefined} ref={viewport}>
        {q.isError ? (
          <CatalogError compact error={q.error} onRetry={() => q.refetch()} />
        ) : q.isPending ? (
          <ul className="cat-board__list" aria-busy="true">
            {Array.from({ length: VISIBLE_ROWS }, (_, i) => (
              <li key={i} className="cat-win cat-win--skel" aria-hidden="true">
                <Skeleton width={40} height={40} radius="circle" />
                <Skeleton height={12} width="55%" />
                <Skeleton height={14} width={80} />
              </li>
            ))}
          </ul>
        ) : list.length === 0 ? (
          <p className="cat-board__empty">{t('winners.empty')}</p>
        ) : (
          <ul className="cat-board__list" ref={track}>
            {list.map((w, i) => (
              <WinnerRow key={`a${i}`} w={w} kind={kind} ctx={ctx} />
            ))}
            {scrolls && list.map((w, i) => <WinnerRow key={`b${i}`} w={w} kind={kind} hidden ctx={ctx} />)}
          </ul>
        )}
      </div>
    </section>
  );
}

export function WinnerBoards() {
  return (
    <div className="cat-boards">
      <WinnerBoard kind="BIG" />
      <WinnerBoard kind="JACKPOT" />
    </div>
  );
}
