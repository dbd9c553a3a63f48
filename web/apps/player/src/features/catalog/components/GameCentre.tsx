import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import type { CategoryCode } from '@/lib/paths';
import { useSessionState } from '@/lib/ui-actions';
import { GAME_PAGE_SIZE, gameListQuery, type GameListFilter } from '../api/catalog';
import { favouriteListQuery, recentGamesQuery } from '../api/favourites';
import { useCatalogEnv } from '../env';
import { categoryVendors, useCategories } from '../hooks/useCategories';
import { useDebounced } from '../hooks/useDebounced';
import { useLanguage } from '../hooks/useLanguage';
import type { Game } from '../types';
import { CentreHero } from './CentreHero';
import { GameGrid, GameSkeletons } from './Grids';
import { gameName } from './GameTile';
import { CatalogEmpty, CatalogError } from './States';

export type Selection = 'ALL' | 'HOT' | 'NEW' | 'FAV' | 'RECENT';
const SERVER_SELECTIONS: Selection[] = ['ALL', 'HOT', 'NEW'];
const ACCOUNT_SELECTIONS: Selection[] = ['FAV', 'RECENT'];
const SUB_CATEGORIES = ['JP', 'TG', 'AC', 'BG'];
export const KEYWORD_MAX = 50;

/** Sub-category chips: BG (bingo) only when the brand's languages include TY (spec section 1). */
export function subCategoriesFor(languages: string[] | undefined, offered?: string[]): string[] {
  const list = offered?.length ? SUB_CATEGORIES.filter((s) => offered.includes(s)) : SUB_CATEGORIES;
  return list.filter((s) => s !== 'BG' || (languages ?? []).includes('TY'));
}

/** Game-list centre (/live, /fish, /rng, /pvp, /bgs, /inHouse). */
export function GameCentre({ code }: { code: CategoryCode }) {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  const { loggedIn } = useSessionState();
  const { brand } = useCatalogEnv();
  const { categories, isPending: lanesPending, isError: lanesError, refetch: refetchLanes } = useCategories();
  const vendors = categoryVendors(categories, code);
  const [params, setParams] = useSearchParams();
  const vendorParam = params.get('vendor') ?? '';
  const vendor = vendors.some((v) => v.vassalage === vendorParam) ? vendorParam : '';
  const [selection, setSelection] = useState<Selection>('ALL');
  const [sub, setSub] = useState('');
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim().slice(0, KEYWORD_MAX));
  const inHouse = code === 'BGS' || code === 'INHOUSE';
  // RNG and in-house share vendors on the server, so their lists name their vendors explicitly.
  const needsVendorList = code === 'RNG' || inHouse;
  const account = ACCOUNT_SELECTIONS.includes(selection);

  const filter: GameListFilter = {
    gameType: inHouse ? undefined : code,
    vassalage: vendor || (needsVendorList ? vendors.map((v) => v.vassalage).join(',') : undefined),
    keyword: keyword || undefined,
    subCategory: sub || undefined,
    selectionType: account ? 'ALL' : (selection as GameListFilter['selectionType']),
    language,
    merchant: brand?.merchantCode,
  };
  const listReady = !account && !!brand && (!needsVendorList || vendors.length > 0);
  const list = useInfiniteQuery({ ...gameListQuery(filter), enabled: listReady });

  const accountType = inHouse ? undefined : code;
  const fav = useQuery({ ...favouriteListQuery(language, accountType), enabled: loggedIn && selection === 'FAV' });
  const recent = useQuery({ ...recentGamesQuery(language, accountType), enabled: loggedIn && selection === 'RECENT' });

  const accountGames = useMemo(() => {
    const src: Game[] = selection === 'FAV' ? (fav.data?.content ?? []) : (recent.data?.list ?? []);
    const allowed = new Set(vendors.map((v) => v.vassalage));
    const kw = keyword.toLowerCase();
    return src.filter(
      (g) =>
        (vendor ? g.vassalage === vendor : allowed.has(g.vassalage)) &&
        (!sub || g.subCategory === sub) &&
        (!kw || gameName(g).toLowerCase().includes(kw)),
    );
  }, [selection, fav.data, recent.data, vendors, vendor, sub, keyword]);

  const games = account ? accountGames : (list.data?.pages.flatMap((p) => p.games) ?? []);
  const total = account ? accountGames.length : (list.data?.pages[0]?.total ?? 0);
  const pending = account ? (selection === 'FAV' ? fav.isPending : recent.isPending) : lanesPending || !listReady || list.isPending;
  const failed = account ? (selection === 'FAV' ? fav.isError : recent.isError) : lanesError || list.isError;
  const retry = () => {
    if (lanesError) refetchLanes();
    else if (account) void (selection === 'FAV' ? fav.refetch() : recent.refetch());
    else void list.refetch();
  };

  const selections = loggedIn ? [...SERVER_SELECTIONS, ...ACCOUNT_SELECTIONS] : SERVER_SELECTIONS;
  const subs = subCategoriesFor(brand?.languages, brand?.subCategories);
  const pickVendor = (v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set('vendor', v);
    else next.delete('vendor');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const noVendors = !lanesPending && !lanesError && vendors.length === 0;

  return (
    <section className="cat-centre" aria-labelledby="cat-centre-title">
      <CentreHero code={code} />

      <div className="cat-toolbar">
        {vendors.length > 1 && (
          <div className="cat-chips cat-chips--scroll" role="group" aria-label={t('filter.vendor')}>
            <button type="button" className="cat-chip" aria-pressed={!vendor} onClick={() => pickVendor('')}>
              {t('filter.allVendors')}
            </button>
            {vendors.map((v) => (
              <button key={v.vassalage} type="button" className="cat-chip" aria-pressed={vendor === v.vassalage} onClick={() => pickVendor(v.vassalage)}>
                {v.displayName}
              </button>
            ))}
          </div>
        )}
        <div className="cat-toolbar__row">
          <div className="cat-tabs" role="group" aria-label={t('filter.selection')}>
            {selections.map((s) => (
              <button key={s} type="button" className="cat-tab" aria-pressed={selection === s} onClick={() => setSelection(s)}>
                {t(`selection.${s}`)}
              </button>
            ))}
          </div>
          {subs.length > 0 && (
            <div className="cat-chips" role="group" aria-label={t('filter.subCategory')}>
              {subs.map((s) => (
                <button key={s} type="button" className="cat-chip cat-chip--sm" aria-pressed={sub === s} onClick={() => setSub(sub === s ? '' : s)}>
                  {t(`sub.${s}`)}
                </button>
              ))}
            </div>
          )}
          <div className="cat-search" role="search">
            <Search size={16} aria-hidden="true" className="cat-search__icon" />
            <input
              type="search"
              value={input}
              maxLength={KEYWORD_MAX}
              onChange={(e) => setInput(e.target.value)}
              placeholder={t('search.placeholder')}
              aria-label={t('search.label')}
              enterKeyHint="search"
            />
            {input && (
              <button type="button" className="cat-search__clear" onClick={() => setInput('')} aria-label={t('search.clear')}>
                <X size={14} aria-hidden="true" />
              </button>
            )}
          </div>
        </div>
      </div>

      <p className="cat-count" aria-live="polite">
        {!pending && !failed && total > 0 ? t('showing', { shown: games.length, total }) : '\u00a0'}
      </p>

      {failed ? (
        <CatalogError error={lanesError ? undefined : account ? (fav.error ?? recent.error) : list.error} onRetry={retry} />
      ) : noVendors ? (
        <CatalogEmpty title={t('emptyVendors.title')} body={t('emptyVendors.body')} />
      ) : pending ? (
        <ul className="cat-grid cat-grid--games" aria-busy="true" aria-label={t('loading')}>
          <GameSkeletons count={GAME_PAGE_SIZE} />
        </ul>
      ) : games.length === 0 ? (
        <CatalogEmpty title={t('empty.title')} body={t(keyword ? 'empty.search' : 'empty.body', { keyword })} />
      ) : (
        <>
          <GameGrid games={games} eagerCount={12}>
            {list.isFetchingNextPage && <GameSkeletons count={Math.min(GAME_PAGE_SIZE, total - games.length)} />}
          </GameGrid>
          {!account && list.hasNextPage && (
            <div className="cat-more">
              <Button variant="secondary" size="lg" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t('loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
