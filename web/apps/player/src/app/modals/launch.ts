// Game start routing (spec section 4): Vietnamese and SEA lotteries and LOTT /
// ELOTT games open their lottery pages; a vendor flagged VASSALAGE opens its
// game list; anything else launches directly. The header drop-down's
// new-style launch (ELOTT, LOTT, SPORTS, ESPORTS, COCKFIGHT) starts the
// vendor's lobby directly (lotteries on their page), skipping the game list.
// Used by the lazy game launcher (src/app/game), so none of it is in the entry chunk.
import type { LaunchTarget } from '@/lib/ui-actions';
import { NEW_STYLE_LAUNCH } from '@/features/catalog/reshape';

export type LaunchRoute = { kind: 'page'; to: string } | { kind: 'vendorGames'; vassalage: string } | { kind: 'direct' };

/** A lottery page's address: /lottery, /seaLottery or /vnLottery with the game code. */
export function lotteryPath(page: 'lottery' | 'seaLottery' | 'vnLottery', gameCode: string): string {
  return `/${page}?gameCode=${encodeURIComponent(gameCode)}`;
}

export function launchRoute(t: LaunchTarget): LaunchRoute {
  const code = t.gameCode ?? '';
  if (t.vassalage === 'TCG_LOTTO_VN') return { kind: 'page', to: lotteryPath('vnLottery', code) };
  if (t.vassalage === 'TCG_SEA') return { kind: 'page', to: lotteryPath('seaLottery', code) };
  if (t.gameType === 'LOTT' || t.gameType === 'ELOTT') {
    const vendor = t.vassalage ? `&vendor=${encodeURIComponent(t.vassalage)}` : '';
    return { kind: 'page', to: `${lotteryPath('lottery', code)}${vendor}&gameType=${t.gameType}` };
  }
  // A game of a VASSALAGE vendor (it has a game code) launches; the vendor itself lists its games.
  // A header launch in a new-style category (ELOTT, LOTT, SPORTS, ESPORTS, COCKFIGHT) starts
  // the vendor's lobby; a header drop-down vendor carries its category as gameType.
  const newStyle = t.header && (NEW_STYLE_LAUNCH as string[]).includes(t.gameType);
  if (t.isGame === 'VASSALAGE' && !code && !newStyle) return { kind: 'vendorGames', vassalage: t.vassalage };
  return { kind: 'direct' };
}
