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
  affiliates: '/affiliates',
  affiliateItem: (id: number | string) => `/affiliates/${id}`,
  operators: '/operators',
  audit: '/audit',
  brand: '/brand',
} as const;

/** A player's page. */
export const playerPath = (id: number) => `/players/${id}`;
