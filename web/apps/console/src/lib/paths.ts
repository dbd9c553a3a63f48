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
} as const;

/** A player's page. */
export const playerPath = (id: number) => `/players/${id}`;
