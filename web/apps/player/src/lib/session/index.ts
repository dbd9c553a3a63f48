// The session contract (shared by every feature): useSession, establishSession,
// logout and the wire types. Storage layout and the remember-me rules:
// storage.ts; the store: store.ts.
export { useSession, getSession, subscribeSession, establishSession, logout, refreshMemberInfo, startSession, onForcedPasswordChange, expireSession, endSession, clearSessionEnd } from './store';
export type { SessionSnapshot, EstablishOptions, SessionEnd } from './store';
export type { LoginResult, UserInfo, LoginAnswer, VerifyRequired, LoginType, Session } from './types';
export { isVerifyRequired } from './types';
export { rememberedUsername, readToken } from './storage';
