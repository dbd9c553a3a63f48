// The /favorite and /recent pages (spec section 2): the member's favourite or
// recently played games, a page at a time with "load more", and the hot games
// (cached for the session, with a refresh button). Lazy: only these routes load it.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/Button';
import { paths } from '@/lib/paths';
import { accountPagesQuery, type AccountListKind } from '../api/accountPages';
import { hotGamesQuery } from '../api/catalog';
import { useCatalogEnv } from '../env';
import { useLanguage } from '../hooks/useLanguage';
import { GameGrid, GameSkeletons } from './Grids';
import { CatalogEmpty, CatalogError } from './States';

export function AccountGames({ kind }: { kind: AccountListKind }) {
  const { t } = useTranslation(['games', 'catalog'], { useSuspense: true });
  const language = useLanguage();
  const q = useInfiniteQuery(accountPagesQuery(kind, language));
  const games = q.data?.pages.flatMap((p) => p.games) ?? [];
  const fav = kind === 'favorite';
  const headId = `account-${kind}`;

  return (
    <>
      <section className="cat-section" aria-labelledby={headId}>
        <div className="cat-section__head">
          <h1 id={headId}>{t(fav ? 'games:favorites.favoriteTitle' : 'games:favorites.recentTitle')}</h1>
        </div>
        {q.isPending ? (
          <ul className="cat-grid cat-grid--games" aria-busy="true">
            <GameSkeletons count={12} />
          </ul>
        ) : q.isError ? (
          <CatalogError error={q.error} onRetry={() => q.refetch()} />
        ) : games.length === 0 ? (
          <>
            <CatalogEmpty title={t(fav ? 'games:favorites.favoriteEmpty' : 'games:favorites.recentEmpty')} />
            <p className="cat-more">
              <Link to={paths.category('RNG')} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                {t('games:favorites.browse')}
              </Link>
            </p>
          </>
        ) : (
          <GameGrid games={games} eagerCount={12} />
        )}
        {q.hasNextPage && !q.isError && (
          <p className="cat-more">
            <Button variant="secondary" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
              {t('games:favorites.loadMore')}
            </Button>
          </p>
        )}
      </section>
      <HotGames />
    </>
  );
}

/** Hot games (6): fetched once per session; the refresh button asks again. */
export function HotGames() {
  const { t } = useTranslation(['games'], { useSuspense: true });
  const language = useLanguage();
  const { brand } = useCatalogEnv();
  // Kept for the whole session (never garbage-collected; set here, not in the shared
  // query options, to keep the entry chunk as it is); refetch() refreshes.
  const q = useQuery({ ...hotGamesQuery(language, brand?.merchantCode), gcTime: Infinity });
  if (q.isSuccess && q.data.list.length === 0) return null;
  return (
    <section className="cat-section" aria-labelledby="account-hot">
      <div className="cat-section__head">
        <h2 id="account-hot">{t('games:favorites.hotTitle')}</h2>
        <Button variant="ghost" size="sm" onClick={() => void q.refetch()} loading={q.isFetching} icon={<RefreshCw size={16} aria-hidden="true" />}>
          {t('games:favorites.refresh')}
        </Button>
      </div>
      {q.isError ? (
        <CatalogError compact error={q.error} onRetry={() => q.refetch()} />
      ) : q.isPending ? (
        <ul className="cat-grid cat-grid--games cat-grid--row" aria-busy="true">
          <GameSkeletons count={6} />
        </ul>
      ) : (
        <GameGrid games={q.data.list.slice(0, 6)} eagerCount={0} />
      )}
    </section>
  );
}
