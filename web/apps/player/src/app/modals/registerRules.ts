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

// ---- Messages (spec section 5) -------------------------------------------
// A problem becomes an auth-namespace message key with its parameters. Per
// field the message is keyed by patternId with min and max, and a required
// field left empty gets the same message; mobile number, verification code,
// captcha and real name have the spec's own wording.

export type FieldMessage = { key: string; params?: Record<string, number | string> };

type MessageRule = Pick<RegisterField, 'field' | 'patternId' | 'minLength' | 'maxLength'>;

export function problemMessage(rule: MessageRule, problem: RuleProblem): FieldMessage {
  const bounds = { min: rule.minLength || 0, max: rule.maxLength > 0 ? rule.maxLength : (problem.params?.max ?? rule.minLength ?? 0) };
  if (problem.kind === 'confirm') return { key: 'rule.confirm' };
  switch (rule.field) {
    case 'mobileNum':
      return problem.kind === 'required' ? { key: 'rule.mobileRequired' } : { key: 'rule.mobile', params: bounds };
    case 'verificationCode':
      return { key: 'rule.code' };
    case 'captcha':
      return { key: 'rule.captcha' };
    case 'payeeName':
      return problem.kind === 'required' ? { key: 'rule.required' } : { key: 'rule.realName' };
  }
  return { key: `validation.${rule.patternId || 'ANY'}`, params: bounds };
}

/** Checks one field against its rule (and the password for a confirmation); the message when it fails. */
export function fieldMessage(rule: RegisterField, raw: string, all: Record<string, string> = {}): FieldMessage | undefined {
  const problem = validateRegisterField(rule, raw, all);
  return problem ? problemMessage(rule, problem) : undefined;
}

// ---- Age -----------------------------------------------------------------

/** Age limit of the birthday field (spec section 5: "a birthday check says 21"). */
export const BIRTHDAY_MIN_AGE = 21;

/** Parses a birthday in the rule's format (DATE_YMD yyyy-MM-dd, DATE_MDY MM-dd-yyyy); undefined when not a real date. */
export function parseBirthday(value: string, patternId: string): { y: number; m: number; d: number } | undefined {
  const v = trimField(value);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const mdy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  let y: number, m: number, d: number;
  if (patternId === 'DATE_MDY' && mdy) [m, d, y] = [+mdy[1], +mdy[2], +mdy[3]];
  else if (ymd) [y, m, d] = [+ymd[1], +ymd[2], +ymd[3]];
  else if (mdy) [m, d, y] = [+mdy[1], +mdy[2], +mdy[3]];
  else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return { y, m, d };
}

/** Full years between a birthday and `now` (local calendar date). */
export function ageOn(birth: { y: number; m: number; d: number }, now: Date): number {
  const y = now.getFullYear(), m = now.getMonth() + 1, d = now.getDate();
  return y - birth.y - (m < birth.m || (m === birth.m && d < birth.d) ? 1 : 0);
}

/** The birthday message when the date is not real or the person is younger than minAge. */
export function birthdayMessage(value: string, patternId: string, now: Date, minAge = BIRTHDAY_MIN_AGE): FieldMessage | undefined {
  if (!trimField(value)) return undefined;
  const b = parseBirthday(value, patternId);
  if (!b) return { key: `validation.${patternId || 'DATE_YMD'}`, params: { min: 10, max: 10 } };
  if (b.y < 1900 || ageOn(b, now) > 130) return { key: `validation.${patternId || 'DATE_YMD'}`, params: { min: 10, max: 10 } };
  return ageOn(b, now) < minAge ? { key: 'rule.birthdayAge', params: { age: minAge } } : undefined;
}
