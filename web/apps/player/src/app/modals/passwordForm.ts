// New-password checks shared by the change, reset-by-phone and reset-link
// forms (spec section 5): the brand's password rule (the one registration
// uses, as the server does), then a confirmation equal to it.
import type { RegisterField } from '@/features/system/api/status';
import { fieldMessage, trimField, type FieldMessage } from './registerRules';

/** The server's fallback when the brand has no password rule: at least 6 characters. */
const FALLBACK: RegisterField = { field: 'password', enabled: true, required: true, acceptedPattern: '*', minLength: 6, maxLength: 64, patternId: 'ANY' };

export function passwordRule(fields: RegisterField[] | undefined): RegisterField {
  const r = fields?.find((f) => f.field === 'password');
  return r ? { ...r, required: true } : FALLBACK;
}

export function newPasswordErrors(rule: RegisterField, password: string, confirm: string, old?: string): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  const pw = fieldMessage({ ...rule, field: 'password', required: true }, password);
  if (pw) out.newPassword = pw;
  else if (old !== undefined && trimField(old) && trimField(old) === trimField(password)) out.newPassword = { key: 'rule.samePassword' };
  if (!trimField(confirm)) out.confirmNewPassword = { key: 'rule.confirmRequired' };
  else if (trimField(confirm) !== trimField(password)) out.confirmNewPassword = { key: 'rule.confirm' };
  return out;
}
