// The operator's session: sign-in, who is signed in, sign-out, "my sessions".
export { SignIn } from './components/SignIn';
export { SessionsPanel } from './components/SessionsPanel';
export { useMe, meQuery } from './api/me';
export { logout } from './api/login';
export type { Operator, Session } from './api/types';
