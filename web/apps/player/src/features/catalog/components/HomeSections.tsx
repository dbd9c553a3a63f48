import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type CategoryCode } from '@/lib/paths';
import { gameSectionQuery } from '../api/catalog';
import { favouriteListQuery, recentGamesQuery } from '../api/favourites';
import { categoryVendors, useCategories } from '../hooks/useCategories';
import { useLanguage } from '../hooks/useLanguage';
import type { Game } from '../types';
import { categoryIcon } from './CentreHero';
import { GameGrid, GameSkeletons, VendorGrid } from './Grids';
import { CatalogError } from './States';

export const HOME_GAMES = 6;
export const HOME_VENDORS = 12;
export const HOME_TILES: CategoryCode[] = ['LIVE', 'RNG', 'PVP', 'FISH'];

/** The four big category tiles under the marquee. */
export function CategoryTiles() {
  const { t } = useTranslation('catalog');
  return (
    <nav className="cat-tiles" aria-label={t('tilesLabel')}>
      {HOME_TILES.map((code) => {
        const Icon = categoryIcon[code];
        return (
          <Link key={code} to={paths.category(code)} className={`cat-bigtile cat-bigtile--${code}`}>
            <span className="cat-bigtile__icon" aria-hidden="true">
              <Icon size={26} />
            </span>
            <span className="cat-bigtile__text">
              <span className="cat-bigtile__title">{t(`category.${code}`)}</span>
              <span className="cat-bigtile__sub">{t(`tagline.${code}`)}</span>
            </span>
            <ChevronRight className="cat-bigtile__chev" size={20} aria-hidden="true" />
          </Link>
        );
      })}
    </nav>
  );
}

function SectionHead({ id, code, title, more }: { id: string; code?: CategoryCode; title: string; more?: string }) {
  const { t } = useTranslation('catalog');
  const Icon = code ? categoryIcon[code] : undefined;
  return (
    <div className="cat-section__head">
      <h2 id={id}>
        {Icon && (
          <span className={`cat-section__icon cat-section__icon--${code}`} aria-hidden="true">
            <Icon size={18} />
          </span>
        )}
        {title}
      </h2>
      {more && (
        <Link to={more} className="cat-section__more" aria-label={t('moreOf', { name: title })}>
          {t('more')}
          <ChevronRight size={16} aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}

function Section({ id, children, ...head }: { id: string; code?: CategoryCode; title: string; more?: string; children: ReactNode }) {
  return (
    <section className="cat-section" aria-labelledby={id}>
      <SectionHead id={id} {...head} />
      {children}
    </section>
  );
}

/** Home section of 6 games from one category with a 'more' link to its centre. */
export function GameSection({ code }: { code: CategoryCode }) {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  const q = useQuery(gameSectionQuery(code, language, HOME_GAMES));
  if (q.isSuccess && q.data.games.length === 0) return null;
  return (
    <Section id={`home-${code}`} code={code} title={t(`category.${code}`)} more={paths.category(code)}>
      {q.isError ? (
        <CatalogError compact error={q.error} onRetry={() => q.refetch()} />
      ) : q.isPending ? (
        <ul className="cat-grid cat-grid--games cat-grid--row" aria-busy="true">
          <GameSkeletons count={HOME_GAMES} />
        </ul>
      ) : (
        <GameGrid games={q.data.games.slice(0, HOME_GAMES)} eagerCount={0} />
      )}
    </Section>
  );
}

/** Home section of up to 12 vendors (SPORTS, ELOTT). */
export function VendorSection({ code }: { code: CategoryCode }) {
  const { t } = useTranslation('catalog');
  const { categories, isPending, isError, refetch } = useCategories();
  const vendors = categoryVendors(categories, code).slice(0, HOME_VENDORS);
  if (!isPending && !isError && vendors.length === 0) return null;
  return (
    <Section id={`home-${code}`} code={code} title={t(`category.${code}`)} more={paths.category(code)}>
      {isError ? <CatalogError compact onRetry={() => refetch()} /> : <VendorGrid vendors={vendors} loading={isPending} skeletons={6} eagerCount={0} />}
    </Section>
  );
}

function AccountSection({ id, title, more, games, pending }: { id: string; title: string; more: string; games: Game[]; pending: boolean }) {
  if (!pending && games.length === 0) return null;
  return (
    <Section id={id} title={title} more={more}>
      {pending ? (
        <ul className="cat-grid cat-grid--games cat-grid--row" aria-busy="true">
          <GameSkeletons count={HOME_GAMES} />
        </ul>
      ) : (
        <GameGrid games={games.slice(0, HOME_GAMES)} eagerCount={0} />
      )}
    </Section>
  );
}

/** Recent and favourite games; the route renders these only for members. */
export function AccountSections() {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  const recent = useQuery(recentGamesQuery(language));
  const fav = useQuery(favouriteListQuery(language));
  return (
    <>
      <AccountSection id="home-recent" title={t('section.recent')} more={paths.recent} games={recent.data?.list ?? []} pending={recent.isPending} />
      <AccountSection id="home-favourite" title={t('section.favourite')} more={paths.favorite} games={fav.data?.content ?? []} pending={fav.isPending} />
    </>
  );
}
