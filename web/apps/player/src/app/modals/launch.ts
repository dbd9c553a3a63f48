// Game start routing (spec section 4): Vietnamese and SEA lotteries and LOTT /
// ELOTT games open their lottery pages; a vendor flagged VASSALAGE opens its
// game list; anything else launches directly.
import type { LaunchTarget } from '@/lib/ui-actions';
import { paths } from '@/lib/paths';

export type LaunchRoute = { kind: 'page'; to: string } | { kind: 'vendorGames'; vassalage: string } | { kind: 'direct' };

export function launchRoute(t: LaunchTarget): LaunchRoute {
  const code = t.gameCode ?? '';
  if (t.vassalage === 'TCG_LOTTO_VN') return { kind: 'page', to: paths.vnLottery(code) };
  if (t.vassalage === 'TCG_SEA') return { kind: 'page', to: paths.seaLottery(code) };
  if (t.gameType === 'LOTT' || t.gameType === 'ELOTT') return { kind: 'page', to: paths.lottery(code) };
  if (t.isGame === 'VASSALAGE') return { kind: 'vendorGames', vassalage: t.vassalage };
  return { kind: 'direct' };
}
