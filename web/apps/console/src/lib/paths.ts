// Every link of the console, relative to its base (/console/).
export const BASENAME = '/console';

export const paths = {
  home: '/',
  login: '/login',
  sessions: '/sessions',
  audit: '/audit',
  dashboard: '/dashboard',
  reports: '/reports',
  content: '/content',
  games: '/games',
  players: '/players',
  player: '/players/:id',
  feedback: '/feedback',
  feedbackItem: (id: number | string) => `/feedback/${id}`,
  operators: '/operators',
  approvals: '/approvals',
} as const;

/** A player's page. */
export const playerPath = (id: number) => `/players/${id}`;
