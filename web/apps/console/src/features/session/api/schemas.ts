// The sign-in forms' rules: the server's (internal/operator: a username is 3
// to 32 of [A-Za-z0-9._-]; a code is 6 digits). Messages are i18n keys.
import { z } from '@/lib/zod';

export const credentialsSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'validation.usernameRequired')
    .regex(/^[A-Za-z0-9._-]{3,32}$/, 'validation.usernameFormat'),
  password: z.string().min(1, 'validation.passwordRequired').max(256, 'validation.passwordRequired'),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const codeSchema = z.object({
  otp: z
    .string()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'validation.otpFormat')),
});
export type CodeInput = z.input<typeof codeSchema>;
