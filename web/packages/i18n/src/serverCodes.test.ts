// Every type and status code the server can put in front of a player or an
// agent has a translation in all 12 complete languages: the codes are read
// from the Go sources themselves (the constants the server emits), so a new
// status or record type without a translation fails here instead of showing
// as a raw code (issue 28, item 15).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPLETE_LANGUAGES } from './languages';

const repo = join(__dirname, '..', '..', '..', '..');
const locales = join(__dirname, '..', 'locales');

function go(path: string): string {
  return readFileSync(join(repo, path), 'utf8');
}

/** The string values of `Name = "VALUE"` constants whose name starts with prefix, in a const block. */
function constants(src: string, prefix: string): string[] {
  const out = new Set<string>();
  for (const m of src.matchAll(new RegExp(`^\\s*${prefix}\\w*\\s*=\\s*"([^"]+)"`, 'gm'))) out.add(m[1]);
  return [...out];
}

/** The values of typed constants `NameX Type = "VALUE"` whose name starts with prefix. */
function typed(src: string, prefix: string, type: string): string[] {
  const out = new Set<string>();
  for (const m of src.matchAll(new RegExp(`^\\s*${prefix}\\w*\\s+${type}\\s*=\\s*"([^"]+)"`, 'gm'))) out.add(m[1]);
  return [...out];
}

/** The string literals of a Go slice: `var Name = []string{"a", "b"}`. */
function stringSlice(src: string, name: string): string[] {
  const m = new RegExp(`var ${name} = \\[\\]string\\{([^}]*)\\}`).exec(src);
  if (!m) throw new Error(`no []string ${name}`);
  // Literals, or names of constants declared in the same file.
  return m[1]
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      if (x.startsWith('"')) return x.slice(1, -1);
      const c = new RegExp(`^\\s*${x}\\s*=\\s*"([^"]+)"`, 'm').exec(src);
      if (!c) throw new Error(`constant ${x} not found`);
      return c[1];
    });
}

/** The error codes with the prefix a Go message table registers: `"prefix.code": {...}`. */
function registered(src: string, prefix: string): string[] {
  const out = new Set<string>();
  for (const m of src.matchAll(new RegExp(`^\\s*"(${prefix.replace('.', '\\.')}[a-z_]+)":`, 'gm'))) out.add(m[1]);
  return [...out];
}

function lookup(lang: string, ns: string, key: string): unknown {
  const doc = JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8'));
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), doc);
}

const groups: { what: string; codes: string[]; ns: string; key: (code: string) => string; wordIsCode?: boolean }[] = [
  { what: 'deposit statuses (internal/cashier)', codes: constants(go('internal/cashier/cashier.go'), 'Status'), ns: 'cashier', key: (c) => `deposit.status.${c}` },
  { what: 'withdrawal statuses (internal/withdraw)', codes: constants(go('internal/withdraw/withdraw.go'), 'Status'), ns: 'cashier', key: (c) => `withdraw.status.${c}` },
  { what: 'round statuses (internal/gamewallet)', codes: constants(go('internal/gamewallet/gamewallet.go'), 'Status'), ns: 'records', key: (c) => `status.${c}` },
  { what: 'account record types (internal/wallet)', codes: stringSlice(go('internal/wallet/record.go'), 'RecordTypes'), ns: 'wallet', key: (c) => `record.types.${c}` },
  { what: 'account record remark codes (internal/wallet)', codes: stringSlice(go('internal/wallet/record.go'), 'RemarkCodes'), ns: 'wallet', key: (c) => `record.remarks.${c}` },
  { what: 'operator sign-in and approval codes (internal/operator)', codes: registered(go('internal/operator/errors.go'), 'ops.'), ns: 'errors', key: (c) => c },
  { what: 'agent tree, register centre and transfer codes (internal/agent, internal/account)', codes: [...registered(go('internal/agent/errors.go'), 'agent.'), ...registered(go('internal/account/errors.go'), 'agent.')], ns: 'errors', key: (c) => c },
  { what: 'contract and commission codes (internal/commission)', codes: registered(go('internal/commission/commission.go'), 'commission.'), ns: 'errors', key: (c) => c },
  // Platform messages: the storefront words each kind itself, in every language (features/messages/noticeText.ts).
  { what: 'message titles (internal/notify kinds)', codes: constants(go('internal/notify/notify.go'), 'Kind'), ns: 'wallet', key: (c) => `notice.${c}.title` },
  { what: 'message bodies (internal/notify kinds)', codes: constants(go('internal/notify/notify.go'), 'Kind'), ns: 'wallet', key: (c) => `notice.${c}.body` },
  { what: 'contract types named in messages (internal/commission)', codes: typed(go('internal/commission/commission.go'), 'Type', 'Type'), ns: 'wallet', key: (c) => `notice.types.${c}`, wordIsCode: true }, // EN's word for 'dividend' is the code itself
];

describe('server codes have translations', () => {
  for (const g of groups) {
    test(`${g.what}: read from the Go source`, () => {
      expect(g.codes.length).toBeGreaterThan(1);
    });
    for (const lang of COMPLETE_LANGUAGES) {
      test(`${g.what} in ${lang}`, () => {
        const missing = g.codes.filter((c) => {
          const v = lookup(lang, g.ns, g.key(c));
          return typeof v !== 'string' || !v.trim() || (v === c && !(g.wordIsCode && lang === 'EN'));
        });
        expect(missing).toEqual([]);
      });
    }
  }
});
