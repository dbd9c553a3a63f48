// The server's rules for operators (internal/operator: ValidUsername,
// checkPassword, PatchOperator), with the same messages. The server also
// refuses common passwords; that answer (operator.weak_password) is shown
// as it comes.
import { z } from '@/lib/zod';
import { ROLES } from './operators';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const REASON_MAX = 200;

/** Go's len(): bytes of the UTF-8 text. */
const bytes = (s: string) => new TextEncoder().encode(s).length;

export const createSchema = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,32}$/, 'validation.username'),
    role: z.enum(ROLES, { message: 'validation.role' }),
    password: z.string().refine((p) => bytes(p) >= PASSWORD_MIN && bytes(p) <= PASSWORD_MAX, 'validation.password'),
    confirm: z.string(),
  })
  .refine((v) => v.password.toLowerCase() !== v.username.trim().toLowerCase(), { path: ['password'], message: 'validation.password' })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: 'validation.confirm' });
export type CreateForm = z.input<typeof createSchema>;

/** A change's reason: optional, at most 200 bytes after trimming (the server counts bytes here). */
export const reasonSchema = z.string().refine((s) => bytes(s.trim()) <= REASON_MAX, 'validation.reason');

export const roleChangeSchema = z.object({ role: z.enum(ROLES, { message: 'validation.role' }), reason: reasonSchema });
export type RoleChangeForm = z.infer<typeof roleChangeSchema>;

export const statusChangeSchema = z.object({ reason: reasonSchema });
export type StatusChangeForm = z.infer<typeof statusChangeSchema>;
