// Every link of the console, relative to its base (/console/).
export const BASENAME = '/console';

export const paths = {
  home: '/',
  login: '/login',
  sessions: '/sessions',
  audit: '/audit',
  cashier: '/cashier',
} as const;
