// Which lottery a lottery page launches (spec section 4): /vnLottery is the
// Vietnamese lottery (TCG_LOTTO_VN), /seaLottery the SEA one (TCG_SEA), and
// /lottery any LOTT or ELOTT vendor named in the query (vendor, gameType).
import type { LaunchTarget } from '@/lib/ui-actions';

export function lotteryTarget(pathname: string, search: string): LaunchTarget {
  const q = new URLSearchParams(search);
  const gameCode = q.get('gameCode') || undefined;
  const p = pathname.toLowerCase();
  if (p.startsWith('/vnlottery')) return { vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', gameCode };
  if (p.startsWith('/sealottery')) return { vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode };
  const gameType = (q.get('gameType') || 'LOTT').toUpperCase() === 'ELOTT' ? 'ELOTT' : 'LOTT';
  return { vassalage: q.get('vendor') || '', gameType, gameCode };
}
