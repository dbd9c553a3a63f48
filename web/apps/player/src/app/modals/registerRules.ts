// Registration field rules from the server (spec section 5): a required field
// must be filled; a filled field must match acceptedPattern ('*' matches
// anything) and sit within minLength..maxLength; the confirmation must equal
// the password.
import type { RegisterField } from '@/features/system/api/status';

export type RuleProblem = { kind: 'required' | 'length' | 'pattern' | 'confirm'; params?: Record<string, number> };

export function validateRegisterField(rule: RegisterField, raw: string, all: Record<string, string> = {}): RuleProblem | undefined {
  const value = raw.trim();
  if (!value) return rule.required ? { kind: 'required' } : undefined;
  const min = rule.minLength || 0;
  const max = rule.maxLength || Infinity;
  if (value.length < min || value.length > max) return { kind: 'length', params: { min, max: Number.isFinite(max) ? max : value.length } };
  if (rule.acceptedPattern && rule.acceptedPattern !== '*') {
    try {
      if (!new RegExp(rule.acceptedPattern, 'u').test(value)) return { kind: 'pattern' };
    } catch {
      /* a pattern this browser cannot compile: let the server decide */
    }
  }
  if (rule.field === 'confirmPassword' && value !== (all.password ?? '').trim()) return { kind: 'confirm' };
  return undefined;
}
