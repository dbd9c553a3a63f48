import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkRule, validateRegisterField } from './registerRules';

// The same vectors Go's internal/brand TestRegisterVectors runs.
type Vectors = {
  patterns: Record<string, string>;
  cases: { name: string; rule: { patternId: string; minLength: number; maxLength: number; required: boolean }; value: string; want: string }[];
};
const file = join(__dirname, '../../../../../../internal/brand/testdata/register-vectors.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as Vectors;

describe('registration rules agree with the server', () => {
  test('the file has cases', () => {
    expect(vectors.cases.length).toBeGreaterThan(50);
  });
  test.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const rule = { ...c.rule, acceptedPattern: vectors.patterns[c.rule.patternId] };
    expect(rule.acceptedPattern).toBeDefined();
    expect(checkRule(rule, c.value)).toBe(c.want);
  });
});

describe('validateRegisterField', () => {
  const base = { field: 'password', enabled: true, required: true, acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 'ANY' };
  test('length problem carries the bounds', () => {
    expect(validateRegisterField(base, 'abc')).toEqual({ kind: 'length', params: { min: 6, max: 20 } });
  });
  test('confirmation must equal the password (inconsistent twice)', () => {
    const confirm = { ...base, field: 'confirmPassword' };
    expect(validateRegisterField(confirm, 'secret99', { password: 'secret98' })).toEqual({ kind: 'confirm' });
    expect(validateRegisterField(confirm, ' secret99 ', { password: 'secret99' })).toBeUndefined();
  });
});
