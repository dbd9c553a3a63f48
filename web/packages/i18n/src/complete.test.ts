import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { COMPLETE_LANGUAGES, LANGUAGES } from './languages';
import { CONSOLE_NAMESPACES, NAMESPACES } from './index';

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

function load(lang: string, ns: string): Record<string, string> | undefined {
  const file = join(root, lang, `${ns}.json`);
  if (!existsSync(file)) return undefined;
  return flatten(JSON.parse(readFileSync(file, 'utf8')));
}

describe('locale files', () => {
  test('every locale directory is a known language', () => {
    const known = new Set(LANGUAGES.map((l) => l.code));
    for (const dir of readdirSync(root)) expect(known.has(dir)).toBe(true);
  });

  for (const ns of [...NAMESPACES, ...CONSOLE_NAMESPACES]) {
    const en = load('EN', ns) ?? {};
    test(`TY/${ns} has no key that EN lacks`, () => {
      const ty = load('TY', ns) ?? {};
      expect(Object.keys(ty).filter((k) => !(k in en))).toEqual([]);
    });
    for (const lang of COMPLETE_LANGUAGES) {
      // Complete languages load no EN fallback, so a missing key would show as a raw key.
      test(`${lang}/${ns} has every EN key, none empty`, () => {
        const got = load(lang, ns) ?? {};
        const missing = Object.keys(en).filter((k) => !got[k] || !got[k].trim());
        expect(missing).toEqual([]);
      });
      test(`${lang}/${ns} keeps every {{placeholder}} of EN`, () => {
        const got = load(lang, ns) ?? {};
        const bad = Object.keys(en).filter((k) => {
          const want = (en[k].match(/{{\s*\w+\s*}}/g) ?? []).map((s) => s.replace(/\s/g, '')).sort();
          const have = ((got[k] ?? '').match(/{{\s*\w+\s*}}/g) ?? []).map((s) => s.replace(/\s/g, '')).sort();
          return want.join() !== have.join();
        });
        expect(bad).toEqual([]);
      });
    }
  }
});
