// Every link of the console, relative to its base (/console/).
export const BASENAME = '/console';

export const paths = {
  home: '/',
  login: '/login',
  sessions: '/sessions',
  audit: '/audit',
  brand: '/brand',
} as const;
