// The subset of i18next the storefront uses, in about a tenth of its size:
// production builds alias `i18next` to this file (apps/player/vite.config.ts),
// as they alias React to Preact; unit tests run on i18next itself, and
// lite.test.ts proves this file answers like i18next for every key of every
// locale file. What it keeps: namespaces (`ns:key`, fixed per t), nested and
// flat keys with dots, the language then its fallbacks, plurals by
// Intl.PluralRules (with `_zero` for a count of 0), `{{var}}` interpolation
// without escaping (a variable not given stays as written), defaultValue, and
// a lazy backend. No nesting ($t), formatters, context or returnObjects: the
// locale files use none of them.
/* eslint-disable @typescript-eslint/no-explicit-any */

type Resources = Record<string, any>;
type Callback = (err: unknown, data: Resources | false | null | undefined) => void;
export type BackendModule = { type: 'backend'; init?: (...args: any[]) => void; read: (lng: string, ns: string, cb: Callback) => void };
export type TOptions = Record<string, any>;
export type TFunction = (key: string | string[], options?: TOptions | string) => string;
type Listener = (...args: any[]) => void;
type InitOptions = {
  lng?: string;
  fallbackLng?: string | string[] | ((code: string) => string[]);
  supportedLngs?: string[];
  ns?: string | string[];
  defaultNS?: string;
  react?: { useSuspense?: boolean };
  [k: string]: unknown;
};

const NATURAL = /( |,|\?|!|;)/;
/** i18next reads `a:b` as namespace a, key b unless the key looks like a sentence. */
function looksLikeObjectPath(key: string) {
  if (!NATURAL.test(key)) return true;
  const ki = key.indexOf('.');
  return ki > 0 && !NATURAL.test(key.substring(0, ki));
}

/** A key with dots: nested objects first, then flat keys that contain dots (`"auth.locked": ...`). */
function deepFind(obj: any, path: string): any {
  if (!obj) return undefined;
  if (obj[path]) return Object.prototype.hasOwnProperty.call(obj, path) ? obj[path] : undefined;
  const tokens = path.split('.');
  let current = obj;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== 'object') return undefined;
    let next: any;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += '.';
      nextPath += tokens[j];
      next = current[nextPath];
      if ((typeof next === 'function' || nextPath === '__proto__') && !Object.prototype.hasOwnProperty.call(current, nextPath)) next = undefined;
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function getPath(root: any, key: string): any {
  let cur = root;
  for (const k of key.split('.')) {
    if (!cur || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}

const rules = new Map<string, Intl.PluralRules | null>();
function pluralSuffix(code: string, count: number): string {
  let r = rules.get(code);
  if (r === undefined) {
    try {
      r = new Intl.PluralRules(code.replace(/_/g, '-'));
    } catch {
      r = null;
    }
    rules.set(code, r);
  }
  return '_' + (r ? r.select(count) : 'other');
}

const valid = (v: unknown) => v !== undefined && v !== null;
const INTERPOLATION = /\{\{(.+?)\}\}/g;

function interpolate(str: string, data: TOptions): string {
  const re = new RegExp(INTERPOLATION.source, 'g');
  let match: RegExpExecArray | null;
  let replaces = 0;
  while ((match = re.exec(str))) {
    const name = match[1].trim();
    let value: any = name.includes('.') ? deepFind(data, name) : data[name];
    if (value === undefined) {
      if (!Object.prototype.hasOwnProperty.call(data, name)) continue; // not given: stays as written
      value = '';
    } else if (typeof value !== 'string') value = value == null ? '' : '' + value;
    str = str.replace(match[0], value);
    re.lastIndex += value.length - match[0].length;
    if (++replaces >= 1000) break;
  }
  return str;
}

class I18n {
  options: InitOptions & { ns: string[]; defaultNS: string } = { ns: ['translation'], defaultNS: 'translation' };
  language = '';
  languages: string[] = [];
  isInitialized = false;
  private data: Record<string, Record<string, Resources>> = {};
  private state = new Map<string, Promise<void> | true>();
  private backend?: BackendModule;
  private listeners = new Map<string, Set<Listener>>();

  use(module: any) {
    if (module?.type === 'backend') this.backend = module;
    else if (module?.type === '3rdParty') module.init?.(this);
    return this;
  }

  on(event: string, fn: Listener) {
    for (const e of event.split(' ')) {
      if (!this.listeners.has(e)) this.listeners.set(e, new Set());
      this.listeners.get(e)!.add(fn);
    }
    return this;
  }

  off(event: string, fn?: Listener) {
    for (const e of event.split(' ')) if (fn) this.listeners.get(e)?.delete(fn);
    else this.listeners.delete(e);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }

  async init(options: InitOptions = {}): Promise<TFunction> {
    const ns = options.ns === undefined ? ['translation'] : typeof options.ns === 'string' ? [options.ns] : [...options.ns];
    this.options = { ...options, ns, defaultNS: options.defaultNS ?? ns[0] ?? 'translation' };
    const lng = options.lng ?? '';
    await this.load(lng, ns);
    this.setLanguage(lng);
    this.isInitialized = true;
    this.emit('initialized', this.options);
    return this.t;
  }

  /** The language then its fallbacks, as far as the supported list allows. */
  resolveHierarchy(lng: string): string[] {
    const fb = this.options.fallbackLng;
    const fallbacks = typeof fb === 'function' ? fb(lng) : typeof fb === 'string' ? [fb] : (fb ?? []);
    const supported = this.options.supportedLngs;
    const codes: string[] = [];
    for (const c of [lng, ...(fallbacks ?? [])]) if (c && !codes.includes(c) && (!supported || supported.includes(c))) codes.push(c);
    return codes;
  }

  private setLanguage(lng: string) {
    this.language = lng;
    this.languages = this.resolveHierarchy(lng);
  }

  private loadOne(lng: string, ns: string): Promise<void> | true {
    const id = `${lng}|${ns}`;
    const s = this.state.get(id);
    if (s) return s;
    if (!this.backend) return true;
    const p = new Promise<void>((resolve) => {
      this.backend!.read(lng, ns, (err, data) => {
        if (!err && data) this.addResourceBundle(lng, ns, data, true, true);
        this.state.set(id, true); // loaded or failed: either way no longer pending (as i18next)
        this.emit('loaded', { [lng]: [ns] });
        resolve();
      });
    });
    this.state.set(id, p);
    return p;
  }

  private load(lng: string, namespaces: string[]): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const code of this.resolveHierarchy(lng)) for (const ns of namespaces) {
      const s = this.loadOne(code, ns);
      if (s !== true) pending.push(s);
    }
    return Promise.all(pending).then(() => undefined);
  }

  loadNamespaces(ns: string | string[], callback?: (err: unknown) => void): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : ns;
    for (const n of list) if (!this.options.ns.includes(n)) this.options.ns.push(n);
    const p = this.load(this.language, list);
    if (callback) p.then(() => callback(null));
    return p;
  }

  hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    const lng = options.lng ?? this.language;
    if (!lng || !this.isInitialized) return false;
    return this.resolveHierarchy(lng).every((code) => this.state.get(`${code}|${ns}`) === true || !this.backend);
  }

  async changeLanguage(lng?: string): Promise<TFunction> {
    if (lng) {
      await this.load(lng, this.options.ns);
      this.setLanguage(lng);
      this.emit('languageChanged', lng);
    }
    return this.t;
  }

  hasResourceBundle(lng: string, ns: string) {
    return this.data[lng]?.[ns] !== undefined;
  }

  getResourceBundle(lng: string, ns: string) {
    return this.data[lng]?.[ns];
  }

  addResourceBundle(lng: string, ns: string, resources: Resources, deep?: boolean, overwrite?: boolean) {
    const byLng = (this.data[lng] ??= {});
    const prev = byLng[ns] ?? {};
    byLng[ns] = deep ? merge({ ...prev }, resources, !!overwrite) : { ...prev, ...resources };
    if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
    this.emit('added', lng, ns);
    return this;
  }

  addResources(lng: string, ns: string, resources: Resources) {
    return this.addResourceBundle(lng, ns, resources, false, true);
  }

  exists(key: string | string[], options: TOptions = {}) {
    return this.resolve(key, options) !== undefined;
  }

  getFixedT(lng?: string | null, ns?: string | string[] | null, keyPrefix?: string): TFunction {
    return (key, options) => {
      const opt: TOptions = typeof options === 'string' ? { defaultValue: options } : { ...options };
      if (lng && opt.lng === undefined) opt.lng = lng;
      if (ns && opt.ns === undefined) opt.ns = ns;
      const prefix = (k: string) => (keyPrefix ? `${keyPrefix}.${k}` : k);
      return this.translate(Array.isArray(key) ? key.map(prefix) : prefix(key), opt);
    };
  }

  t: TFunction = (key, options) => this.translate(key, typeof options === 'string' ? { defaultValue: options } : { ...options });

  private extract(key: string, opt: TOptions): { key: string; namespaces: string[] } {
    let namespaces: string | string[] = opt.ns ?? this.options.defaultNS;
    if (key.includes(':') && looksLikeObjectPath(key)) {
      const parts = key.split(':');
      namespaces = parts.shift()!;
      key = parts.join('.');
    }
    return { key, namespaces: typeof namespaces === 'string' ? [namespaces] : namespaces };
  }

  private resolve(keys: string | string[], opt: TOptions): unknown {
    const list = Array.isArray(keys) ? keys : [keys];
    const count = opt.count;
    const plural = count !== undefined && typeof count !== 'string';
    let found: unknown;
    for (const k of list) {
      if (valid(found)) break;
      const { key, namespaces } = this.extract(String(k), opt);
      const codes = this.resolveHierarchy(opt.lng || this.language);
      for (const ns of namespaces) {
        if (valid(found)) break;
        for (const code of codes) {
          if (valid(found)) break;
          const finalKeys = [key];
          if (plural) {
            finalKeys.push(key + pluralSuffix(code, count));
            if (count === 0) finalKeys.push(key + '_zero');
          }
          let possible: string | undefined;
          while ((possible = finalKeys.pop()) !== undefined) {
            if (valid(found)) break;
            found = this.getResource(code, ns, possible);
          }
        }
      }
    }
    return valid(found) ? found : undefined;
  }

  private getResource(lng: string, ns: string, key: string): unknown {
    const root = this.data[lng]?.[ns];
    if (!root) return undefined;
    const r = getPath(root, key);
    return r ? r : deepFind(root, key);
  }

  private translate(keys: string | string[], opt: TOptions): string {
    if (keys == null) return '';
    const list = (Array.isArray(keys) ? keys : [keys]).map(String);
    const { key } = this.extract(list[list.length - 1], opt);
    let res: any = this.resolve(list, opt);
    const lng = opt.lng || this.language;
    const plural = opt.count !== undefined && typeof opt.count !== 'string';
    const hasDefault = Object.keys(opt).some((k) => k.startsWith('defaultValue') && opt[k] !== undefined);
    const suffix = plural ? pluralSuffix(lng, opt.count) : '';
    const defaultValue = (plural && opt.count === 0 && opt.defaultValue_zero) || opt[`defaultValue${suffix}`] || opt.defaultValue;
    const forObject = !res && hasDefault ? defaultValue : res;
    if (forObject && typeof forObject === 'object') return `key '${key} (${this.language})' returned an object instead of string.`;
    if (!valid(res) && hasDefault) res = defaultValue;
    if (!valid(res)) res = key;
    if (typeof res !== 'string') return res;
    if (opt.skipInterpolation) return res;
    return interpolate(res, opt.replace && typeof opt.replace !== 'string' ? opt.replace : opt);
  }
}

function merge(target: Resources, source: Resources, overwrite: boolean): Resources {
  for (const k of Object.keys(source)) {
    if (k === '__proto__' || k === 'constructor') continue;
    const s = source[k];
    const t = target[k];
    if (s && typeof s === 'object' && !Array.isArray(s) && t && typeof t === 'object' && typeof t !== 'string') target[k] = merge({ ...t }, s, overwrite);
    else if (overwrite || !(k in target)) target[k] = s;
  }
  return target;
}

export type i18n = I18n;
export function createInstance(): I18n {
  return new I18n();
}
const i18next = { createInstance };
export default i18next;
