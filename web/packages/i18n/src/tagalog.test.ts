// TY is real Tagalog: an English string left in it is a defect unless the
// glossary (docs/glossary-tl.json, explained in docs/glossary-tl.md) keeps the
// word as Filipino players use it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_NAMESPACES, NAMESPACES } from './index';

type Glossary = { keep: { term: string }[]; translate: { en: string; tl: string; forbid: string }[] };
const glossary: Glossary = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'glossary-tl.json'), 'utf8'));
const root = join(__dirname, '..', 'locales');

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}
const load = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')));

const kept = new Set(glossary.keep.map((k) => k.term.toLowerCase()));
/** Interpolation, numbers and punctuation only: nothing to translate. */
const noWords = (s: string) => !/\p{L}/u.test(s.replace(/{{[^}]*}}/g, ''));
const allowedSame = (s: string) => noWords(s) || kept.has(s.replace(/{{[^}]*}}/g, '').trim().toLowerCase());

describe('Tagalog (TY) has no English left in it', () => {
  for (const ns of [...NAMESPACES, ...CONSOLE_NAMESPACES]) {
    const en = load('EN', ns);
    const ty = load('TY', ns);
    test(`TY/${ns}: no string equals its EN string unless the glossary keeps it`, () => {
      const same = Object.keys(en).filter((k) => ty[k] === en[k] && !allowedSame(en[k]));
      expect(same.map((k) => `${k}: ${en[k]}`)).toEqual([]);
    });
    test(`TY/${ns}: no English term the glossary translates`, () => {
      const found: string[] = [];
      for (const [k, v] of Object.entries(ty)) {
        for (const t of glossary.translate) {
          if (new RegExp(t.forbid, 'iu').test(v.trim())) found.push(`${k}: "${v}" has "${t.en}" (use "${t.tl}")`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  test('the glossary markdown lists every term of the JSON', () => {
    const md = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'glossary-tl.md'), 'utf8');
    const missing = [...glossary.keep.map((k) => k.term), ...glossary.translate.map((t) => t.en)].filter((t) => !md.includes(t));
    expect(missing).toEqual([]);
  });

  test('the check itself: an English copy of an EN string is caught', () => {
    expect(allowedSame('Withdraw')).toBe(false);
    expect(allowedSame('GCash')).toBe(true);
    expect(allowedSame('{{a}} – {{b}}')).toBe(true);
  });
});
