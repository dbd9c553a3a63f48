// Every link of the console, relative to its base (/console/).
export const BASENAME = '/console';

export const paths = {
  home: '/',
  login: '/login',
  sessions: '/sessions',
  dashboard: '/dashboard',
  players: '/players',
  player: '/players/:id',
  cashier: '/cashier',
  approvals: '/approvals',
  reports: '/reports',
  games: '/games',
  content: '/content',
  feedback: '/feedback',
  feedbackItem: (id: number | string) => `/feedback/${id}`,
  agents: '/agents',
  agentContracts: '/agents/contracts',
  agentBills: '/agents/bills',
  affiliates: '/affiliates',
  rewards: '/rewards',
  vip: '/vip',
  missions: '/missions',
  referral: '/referral',
  points: '/points',
  promotions: '/promotions',
  affiliateItem: (id: number | string) => `/affiliates/${id}`,
  operators: '/operators',
  audit: '/audit',
  brand: '/brand',
} as const;

/** A player's page. */
export const playerPath = (id: number) => `/players/${id}`;

/** The agent tree opened at a member (by username). */
export const agentTreePath = (account: string) => `/agents?account=${encodeURIComponent(account)}`;
/** The contracts with the platform's offer form open for a top agent. */
export const agentOfferPath = (account: string) => `/agents/contracts?offer=${encodeURIComponent(account)}`;
/** The agents screen's three views. */
export const agentViews = { tree: paths.agents, contracts: paths.agentContracts, bills: paths.agentBills };
