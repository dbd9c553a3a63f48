/** Game pages hide the header balance (spec section 2): any path containing these, in any letter case. */
export const GAME_PAGE_MARKERS = ['/lottery', '/sealottery', '/vnlottery', '/seamless'];

export function isGamePagePath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return GAME_PAGE_MARKERS.some((m) => p.includes(m));
}
