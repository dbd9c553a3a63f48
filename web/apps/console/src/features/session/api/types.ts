export type Operator = { id: number; username: string; role: string; permissions: string[]; totpEnrolled?: boolean };
export type Session = { token: string; expiresAt: number; operator: Operator };
export type Enrolment = { token: string; secret: string; otpauthUri: string; expiresAt: number };
/** POST /ops/v1/login answers a session, or an enrolment to finish first (docs: console contract). */
export type LoginAnswer = Session | { enrolment: Enrolment };

export const isEnrolment = (a: LoginAnswer): a is { enrolment: Enrolment } => 'enrolment' in a && !!a.enrolment;
