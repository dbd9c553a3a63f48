// Slug -> lazily loaded game (each its own chunk), and the optional replay
// component a game module exports for the recall page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { GameSlug, Round } from '../api';

export type ReplayProps = { round: Round };
type GameModule = { default: ComponentType; Replay?: ComponentType<ReplayProps> };

export const gameModules: Record<GameSlug, () => Promise<GameModule>> = {
  dice: () => import('../dice'),
  plinko: () => import('../plinko'),
  mines: () => import('../mines'),
  slot: () => import('../slot') as Promise<GameModule>,
  crash: () => import('../crash') as Promise<GameModule>,
};

/** Games a visitor may watch (Crash's shared rounds are public); the game itself asks for a login to bet. */
export const WATCHABLE: ReadonlySet<GameSlug> = new Set<GameSlug>(['crash']);

const cache = new Map<GameSlug, LazyExoticComponent<ComponentType>>();
export function gameComponent(slug: GameSlug): LazyExoticComponent<ComponentType> {
  let c = cache.get(slug);
  if (!c) {
    c = lazy(gameModules[slug]);
    cache.set(slug, c);
  }
  return c;
}

/** The game's Replay component, or undefined when the game has none. */
export async function replayComponent(slug: GameSlug): Promise<ComponentType<ReplayProps> | undefined> {
  return (await gameModules[slug]()).Replay;
}
