// The launch calls (spec section 7): GET /wps/game/launchGame (session) answers
// the game's URL and how to show it; GET /wps/game/recommended lists games of
// the same category for the game-under-maintenance screen.
import { apiGet } from '@/lib/api';
import type { LaunchTarget } from '@/lib/ui-actions';

export type LaunchMode = 'IFRAME' | 'WINDOW';
export type LaunchAnswer = { url: string; mode: LaunchMode; gameCode?: string; nodeId?: number; vendor?: string; gameType?: string };

/** A recommended game (shaped like gameList's entries). */
export type GameCard = {
  nodeId: number;
  nodeName?: string;
  gameName: string;
  vassalage: string;
  gameType: string;
  gameCode: string;
  showIcon?: string;
  iconUrl?: string;
  isGame?: string;
  maintenance?: boolean;
};

/** H5 on phone-sized screens, WEB otherwise. */
export function deviceFor(width: number): 'WEB' | 'H5' {
  return width <= 768 ? 'H5' : 'WEB';
}

export function launchParams(t: LaunchTarget, language: string, device: 'WEB' | 'H5') {
  return {
    gameCode: t.gameCode || undefined,
    nodeId: t.gameCode ? undefined : t.nodeId || undefined,
    vendor: t.vassalage || undefined,
    gameType: t.gameType || undefined,
    language,
    device,
  };
}

export function launchGame(t: LaunchTarget, language: string, device: 'WEB' | 'H5', signal?: AbortSignal) {
  return apiGet<LaunchAnswer>('/wps/game/launchGame', launchParams(t, language, device), signal);
}

export function recommendedGames(t: LaunchTarget, language: string, signal?: AbortSignal) {
  return apiGet<{ list: GameCard[] }>(
    '/wps/game/recommended',
    { gameType: t.gameType || undefined, exclude: t.nodeId || undefined, vendor: t.vassalage || undefined, limit: 6, language },
    signal,
  );
}

export function vendorGames(vassalage: string, gameType: string, language: string, signal?: AbortSignal) {
  return apiGet<{ games: GameCard[]; total: number }>(
    '/wps/relay/gameList',
    { clientType: 3, platform: 'html5-desktop', vassalage, gameType, language, pageNo: 1, pageSize: 60 },
    signal,
  );
}

export function cardName(g: Pick<GameCard, 'nodeName' | 'gameName'>): string {
  return g.nodeName || g.gameName;
}
