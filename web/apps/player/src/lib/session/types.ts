// Wire types of the session endpoints; they mirror Go's internal/account
// (account.go: UserInfo, LoginResult) and the new-IP verification step.

/** Member info (GET /wps/member/info, and userInfo of a login). */
export type UserInfo = {
  id: number;
  account: string;
  username: string;
  nickname: string;
  /** 0 member, 1/2/41/42 agent, 4 trial. */
  type: number;
  isAgent: boolean;
  isTrial: boolean;
  email: string;
  mobileNum: string;
  countryDialingCode: string;
  payeeName: string;
  /** An agent's own invitation code. */
  affiliateCode?: string;
  createdTime: number;
  /** This session's login (Unix ms). */
  lastLoginTime: number | null;
  /** A withdrawal-only session of a self-excluded player (docs/responsible-gaming.md). */
  rgRestricted?: boolean;
};

/** The value of a login, a registration, a free-play start and a reset by phone. */
export type LoginResult = {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  defaultPassword: boolean;
  /** The previous successful login (Unix ms); null the first time. */
  previousLoginTime: number | null;
  /** Absolute end of the session (Unix ms). */
  expiresAt: number;
  userInfo: UserInfo;
};

/** A login from a new IP: no token yet, a code went to maskedTarget. */
export type VerifyRequired = {
  verifyRequired: true;
  verifyMethod: 'sms' | 'email';
  verifyTicket: string;
  maskedTarget: string;
};

export type LoginAnswer = LoginResult | VerifyRequired;

export function isVerifyRequired(v: LoginAnswer | null | undefined): v is VerifyRequired {
  return !!v && (v as VerifyRequired).verifyRequired === true;
}

export type LoginType = 'username' | 'sms' | 'thirdParty';

export type Session = {
  loggedIn: boolean;
  isTrial: boolean;
  isAgent: boolean;
  info?: UserInfo;
  token?: string;
};

export const AGENT_TYPES = [1, 2, 41, 42];
export const TRIAL_TYPES = [4];
