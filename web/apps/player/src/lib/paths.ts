// Every in-app link is built here, so routes change in one place.

export type CategoryCode =
  | 'SPORTS' | 'ESPORTS' | 'LIVE' | 'LOTT' | 'ELOTT' | 'FISH' | 'PVP' | 'RNG' | 'BGS' | 'INHOUSE' | 'COCKFIGHT';

/** Category -> storefront route (spec section 2; INHOUSE is reachable at /inHouse and /bgs). */
export const categoryPath: Record<CategoryCode, string> = {
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
  COCKFIGHT: '/cockfight',
  LIVE: '/live',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  BGS: '/bgs',
  INHOUSE: '/inHouse',
};

/** Route -> category (reverse map, including /inHouse). */
export const pathCategory: Record<string, CategoryCode> = Object.fromEntries(
  Object.entries(categoryPath).map(([k, v]) => [v.toLowerCase(), k as CategoryCode]),
) as Record<string, CategoryCode>;

/** Centres that list vendors rather than games. */
export const vendorListCategories: CategoryCode[] = ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'];

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  agent: '/agent',
  /** The affiliate application (issue 31, part 8). */
  affiliate: '/affiliate',
  agentHome: '/agentHome',
  /** An agent-centre page (app/routes/agent/centre/registry.ts). */
  agentPage: (key: string) => `/agentHome/${key}`,
  member: '/member',
  // Personal centre pages (app/routes/member/centre/registry.ts).
  transferFund: '/member/transferFund',
  deposit: '/member/depositv2',
  /** Where the payment page sends the player back: the deposit page showing that order. */
  depositOrder: (orderNo: string) => `/member/depositv2?order=${encodeURIComponent(orderNo)}`,
  withdraw: '/member/withdraw',
  responsibleGaming: '/member/responsibleGaming',
  transactionHistory: '/member/transactionHistory',
  messages: '/member/messageV2',
  rewardCenter: '/member/rewardCenter',
  missionLeaderboard: '/member/missionLeaderboard',
  referral: '/member/referral',
  bonusDetails: '/member/bonusDetails',
  /** The VIP bonus page and bonus bets (side menu entries; centre pages outside its menu). */
  vip: '/member/vip',
  bonusBets: '/member/bonusBets',
  help: (section?: string) => (section ? `/help#${section}` : '/help'),
  promotions: (id?: string | number) => (id !== undefined ? `/promotions#${id}` : '/promotions'),
  favorite: '/favorite',
  recent: '/recent',
  pointMall: '/pointMall',
  category: (c: CategoryCode) => categoryPath[c],
  // Palaro Originals (in-house games): the game frame, the recall and the verifier (query prefilled from a round).
  originalsGame: (slug: string) => `/originals/${encodeURIComponent(slug)}`,
  originalsHistory: '/originals/history',
  originalsVerify: (query?: string) => (query ? `/originals/verify?${query}` : '/originals/verify'),
  // The lottery pages' addresses are built by the lazy launcher (app/modals/launch.ts).
};

/** Pages whose path contains these hide or collapse the side menu (spec section 2). */
export const sideMenuCollapsedMarkers = ['/seamless', '/lottert', '/vnlottery', '/sealottery'];

export function isSideMenuCollapsedPath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return sideMenuCollapsedMarkers.some((m) => p.includes(m));
}

/** The agent pages (/agent, /agentHome): their own layout, no announcement popups (spec section 4). */
export function isAgentPagePath(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return p === paths.agent.toLowerCase() || p === paths.agentHome.toLowerCase() || p.startsWith(`${paths.agentHome.toLowerCase()}/`);
}
