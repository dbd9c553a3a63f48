// Every link of the console, relative to its base (/console/).
export const BASENAME = '/console';

export const paths = {
  home: '/',
  login: '/login',
  sessions: '/sessions',
  audit: '/audit',
  feedback: '/feedback',
  feedbackItem: (id: number | string) => `/feedback/${id}`,
  operators: '/operators',
  approvals: '/approvals',
  player: (id: number | string) => `/players/${id}`,
} as const;
