import { api } from '@/lib/api';
import type { LoginAnswer, Session } from './types';

export type LoginBody = { username: string; password: string; otp?: string };

export const login = (body: LoginBody) => api.post<LoginAnswer>('/ops/v1/login', body);
export const finishEnrolment = (body: { token: string; otp: string }) => api.post<Session>('/ops/v1/login/enrol', body);
export const logout = () => api.post<null>('/ops/v1/logout');
