// The direct-creation form's rules: the brand's registration rules for the
// username and password (the server checks the same ones: account.field_rule,
// account.password_rule); the password may be left empty (the server then
// generates one and shows it once).
import { z } from '@/lib/zod';
import type { RegisterField } from '@/features/system/api/status';
import { fieldMessage, type FieldMessage } from '../../../../modals/registerRules';

export type DownlineForm = { username: string; password: string; kind: 'MEMBER' | 'AGENT' };

/** Server-side bounds when the brand names no rule (internal/account). */
const FALLBACK: Record<'username' | 'password', RegisterField> = {
  username: { field: 'username', enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 16, patternId: 'LETTER_FIRST' },
  password: { field: 'password', enabled: true, required: true, acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 'ANY' },
};

/** Issues carry the i18n key and its parameters as JSON (rendered by the form). */
export function downlineSchema(fields: RegisterField[]) {
  const rule = (name: 'username' | 'password') => fields.find((f) => f.field === name) ?? FALLBACK[name];
  const check = (name: 'username' | 'password', optional: boolean) =>
    z.string().superRefine((v, ctx) => {
      if (optional && !v.trim()) return;
      const m = fieldMessage({ ...rule(name), required: true }, v);
      if (m) ctx.addIssue({ code: 'custom', message: JSON.stringify(m) });
    });
  return z.object({ username: check('username', false), password: check('password', true), kind: z.enum(['MEMBER', 'AGENT']) });
}

export function issueMessage(message: string | undefined): FieldMessage | undefined {
  if (!message) return undefined;
  try {
    return JSON.parse(message) as FieldMessage;
  } catch {
    return { key: 'rule.required' };
  }
}
