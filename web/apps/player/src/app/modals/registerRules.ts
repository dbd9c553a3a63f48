// Registration field rules from the server (spec section 5). The same check as
// Go's brand.FieldRule.Check, proven by the shared vectors in
// internal/brand/testdata/register-vectors.json (registerRules.test.ts):
// the value is trimmed; empty fails only when required; the length in code
// points is within minLength..maxLength (0: no upper bound); the pattern
// matches ('*' matches anything; compiled with the u flag); a STRONG_PASSWORD
// also needs upper, lower, digit and symbol. The confirmation must equal the password.
import type { RegisterField } from '@/features/system/api/status';

export type RuleProblem = { kind: 'required' | 'length' | 'pattern' | 'confirm'; params?: Record<string, number> };
export type RuleOutcome = '' | 'required' | 'length' | 'pattern';

// JavaScript's trim set written out (Go trims exactly these too).
const FIELD_SPACE = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
const TRIM = new RegExp(`^${FIELD_SPACE}+|${FIELD_SPACE}+$`, 'gu');

export function trimField(v: string): string {
  return v.replace(TRIM, '');
}

const compiled = new Map<string, RegExp | null>();
function regex(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    try {
      compiled.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      compiled.set(pattern, null);
    }
  }
  return compiled.get(pattern)!;
}

function strong(v: string): boolean {
  let up = false, low = false, dig = false, sym = false;
  for (const ch of v) {
    if (ch >= 'A' && ch <= 'Z') up = true;
    else if (ch >= 'a' && ch <= 'z') low = true;
    else if (ch >= '0' && ch <= '9') dig = true;
    else sym = true;
  }
  return up && low && dig && sym;
}

type Rule = Pick<RegisterField, 'acceptedPattern' | 'minLength' | 'maxLength' | 'patternId' | 'required'>;

export function checkRule(rule: Rule, raw: string): RuleOutcome {
  const value = trimField(raw ?? '');
  if (!value) return rule.required ? 'required' : '';
  const n = [...value].length;
  if (n < (rule.minLength || 0) || (rule.maxLength > 0 && n > rule.maxLength)) return 'length';
  if (rule.acceptedPattern && rule.acceptedPattern !== '*') {
    const re = regex(rule.acceptedPattern);
    // A pattern this browser cannot compile fails here as it does on the server.
    if (!re || !re.test(value)) return 'pattern';
  }
  if (rule.patternId === 'STRONG_PASSWORD' && !strong(value)) return 'pattern';
  return '';
}

export function validateRegisterField(rule: RegisterField, raw: string, all: Record<string, string> = {}): RuleProblem | undefined {
  const outcome = checkRule(rule, raw);
  if (outcome === 'length') {
    const max = rule.maxLength > 0 ? rule.maxLength : [...trimField(raw)].length;
    return { kind: 'length', params: { min: rule.minLength || 0, max } };
  }
  if (outcome) return { kind: outcome };
  if (rule.field === 'confirmPassword' && trimField(raw) && trimField(raw) !== trimField(all.password ?? '')) return { kind: 'confirm' };
  return undefined;
}
