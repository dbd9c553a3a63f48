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
} as const;
