// Test fixtures: games, vendor cards, brand info shaped like the API.
import type { Game, GamePage, Lane, VendorCard } from './types';

export const game = (nodeId: number, over: Partial<Game> = {}): Game => ({
  nodeId,
  nodeName: `Game ${nodeId}`,
  gameName: `Game ${nodeId}`,
  vassalage: 'PG',
  gameType: 'RNG',
  gameCode: `PG_${nodeId}`,
  isHot: 0,
  isNew: 0,
  subCategory: '',
  showIcon: `/art/game/${nodeId}.svg`,
  iconUrl: `/art/game/${nodeId}.svg`,
  isGame: '',
  maintenance: false,
  ...over,
});

export const vendor = (vassalage: string, gameType: string, over: Partial<VendorCard> = {}): VendorCard => ({
  vassalage,
  gameType,
  displayName: `${vassalage} Games`,
  lagerIcon: `/art/vendor/${vassalage}.svg`,
  isGame: '',
  launchMode: 'iframe',
  isNew: 0,
  maintenance: false,
  sort: 1,
  gameCount: 10,
  ...over,
});

export const lanes: Lane[] = [
  { title: 'LIVE', cards: [vendor('DGL', 'LIVE')], gameClassify: [] },
  { title: 'SPORTS', cards: [vendor('PSB', 'SPORTS'), vendor('IMES', 'SPORTS')], gameClassify: [] },
  { title: 'RNG', cards: [vendor('PG', 'RNG'), vendor('JL', 'RNG', { sort: 2 }), vendor('BGS', 'RNG')], gameClassify: [] },
  { title: 'ELOTT', cards: [vendor('TCG_LOTTO_VN', 'ELOTT')], gameClassify: [] },
];

export const brandInfo = {
  imageCDNs: ['/cdn/a'],
  launchGameCDNs: ['/cdn/a'],
  languages: ['TY', 'EN'],
  defaultLanguage: 'TY',
  merchantCode: 'PALARO_DEMO',
  currency: { code: 'PHP', symbol: '₱', decimals: 2 },
  esportsVendors: ['IMES'],
  cockfightVendors: [],
  rngExcludedVendors: ['BGS'],
  subCategories: ['JP', 'TG', 'AC', 'BG'],
};

export const statusValue = { status: 0, maintenance: false, regionRestriction: false, location: { ip: '', country: 'PH' }, info: brandInfo };

/** A gameList handler serving `total` games in pages. */
export function pagedGames(total: number, over: Partial<Game> = {}) {
  return (p: URLSearchParams): GamePage => {
    const pageNo = Number(p.get('pageNo') ?? 1);
    const pageSize = Number(p.get('pageSize') ?? 24);
    const start = (pageNo - 1) * pageSize;
    const count = Math.max(0, Math.min(pageSize, total - start));
    return {
      games: Array.from({ length: count }, (_, i) => game(1000 + start + i, { gameType: p.get('gameType') ?? 'RNG', ...over })),
      pageNo,
      pageSize,
      total,
      totalPages: Math.ceil(total / pageSize),
    };
  };
}
