// The in-house game slugs (no imports: route modules check a slug without
// pulling the originals' code into their chunk).
export const GAME_SLUGS = ['slot', 'crash', 'dice', 'mines', 'plinko'] as const;
export type GameSlug = (typeof GAME_SLUGS)[number];
export const isGameSlug = (s: string | undefined): s is GameSlug => !!s && (GAME_SLUGS as readonly string[]).includes(s);
