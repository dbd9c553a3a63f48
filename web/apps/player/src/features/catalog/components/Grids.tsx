import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
import { useFavouriteToggle } from '../api/favourites';
import type { Game, VendorCard } from '../types';
import { GameTile } from './GameTile';
import { VendorTile } from './VendorTile';

export function GameGrid({ games, eagerCount = 6, children }: { games: Game[]; eagerCount?: number; children?: ReactNode }) {
  const { isFavourite, toggle } = useFavouriteToggle();
  return (
    <ul className="cat-grid cat-grid--games">
      {games.map((g, i) => (
        <li key={g.nodeId}>
          <GameTile game={g} favourite={isFavourite(g.nodeId)} onToggleFavourite={toggle} eager={i < eagerCount} />
        </li>
      ))}
      {children}
    </ul>
  );
}

export function GameSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={`sk${i}`} className="cat-skel-item" aria-hidden="true">
          <Skeleton aspectRatio="1 / 1" radius="card" />
          <Skeleton height={14} width="80%" className="cat-skel-name" />
          <Skeleton height={11} width="40%" />
        </li>
      ))}
    </>
  );
}

export function VendorGrid({
  vendors,
  loading,
  skeletons = 6,
  large,
  eagerCount = 6,
}: {
  vendors: VendorCard[];
  loading?: boolean;
  skeletons?: number;
  large?: boolean;
  eagerCount?: number;
}) {
  return (
    <ul className={`cat-grid cat-grid--vendors${large ? ' cat-grid--vendors-lg' : ''}`} aria-busy={loading || undefined}>
      {loading
        ? Array.from({ length: skeletons }, (_, i) => (
            <li key={`sk${i}`} className="cat-skel-item" aria-hidden="true">
              <Skeleton aspectRatio="var(--cat-vendor-ratio)" radius="card" />
              <Skeleton height={40} radius="card" className="cat-skel-vbody" />
            </li>
          ))
        : vendors.map((v, i) => (
            <li key={v.vassalage}>
              <VendorTile vendor={v} eager={i < eagerCount} />
            </li>
          ))}
    </ul>
  );
}
