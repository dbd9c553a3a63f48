// The brand form: the document as the screen edits it, its rules (the
// server's Validate in internal/brand, same limits, messages worded like the
// server's reasons) and the way back to the document. Settings the screen has
// no field for are kept from the loaded document.
import { formatMinor, parseMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';
import type { BrandConfig, Switch } from './brand';

export const KNOWN_LANGUAGES = ['TY', 'EN', 'CN', 'JA', 'TH', 'VI', 'ES', 'PT', 'KO', 'AR', 'RU', 'FR', 'ID', 'MS', 'HI', 'DE', 'IT', 'TR'] as const;
export const RESOURCE_TYPES = ['FACEBOOK', 'TIKTOK', 'YOUTUBE', 'TWITTER', 'INSTAGRAM', 'TELEGRAM', 'WHATSAPP', 'Android', 'iOS', 'LITE'] as const;
const APP_TYPES = new Set(['Android', 'iOS', 'LITE']);
export const MAX_APP_URL = 213;
export const MAX_WINDOWS = 20;
export const PATTERN_IDS = [
  'ANY', 'LETTER_FIRST', 'LETTERS_DIGITS', 'CHINESE_DIGITS', 'EMAIL', 'LETTERS_OR_DIGITS', 'DIGITS', 'ALNUM_ONE_UPPER', 'ENGLISH_SPACES',
  'NO_SPACES', 'CHINESE_PUNCT', 'KOREAN', 'THAI', 'THAI_ENGLISH_SPACES', 'UPPER_SPACES', 'LETTERS_DIGITS_SYMBOLS', 'STRONG_PASSWORD', 'DATE_YMD', 'DATE_MDY',
] as const;
export const REQUIRED_FIELDS = ['username', 'password', 'confirmPassword'];

/**
 * The back-office settings under `ops`, each with how it is typed. A new
 * setting is one line here (and its label in the namespace); settings the
 * server sends that are not listed are kept unchanged.
 */
export const OPS_SETTINGS = [
  { key: 'totpRequired', kind: 'bool' },
  { key: 'adjustApprovalAbove', kind: 'money' },
] as const satisfies readonly { key: string; kind: 'bool' | 'money' | 'count' }[];
type OpsKey = (typeof OPS_SETTINGS)[number]['key'];

/** The colours the storefront reads (web/apps/player tokens.css) offered for each mode. */
export const THEME_VARS = ['--c-bg', '--c-surface', '--c-surface-2', '--c-text', '--c-text-2', '--c-primary', '--c-on-primary', '--c-accent', '--c-on-accent', '--c-teal', '--c-success', '--c-danger'] as const;

/** Document fields edited as JSON on the Advanced tab. */
export const ADVANCED_KEYS = [
  'domainRoute', 'licences', 'lotteryType', 'esportsVendors', 'cockfightVendors', 'rngExcludedVendors', 'prizeModes', 'selectionTypes', 'subCategories',
  'sealedPayloads', 'oauth', 'loginVerify', 'cashier', 'inhouse',
] as const;

// checkURL of internal/brand: a site path or an http(s) URL without spaces, quotes or angle brackets.
export function isSiteURL(u: string): boolean {
  if (!u) return false;
  const okStart = (u.startsWith('/') && !u.startsWith('//')) || u.startsWith('https://') || u.startsWith('http://');
  return okStart && !/[ <>"'\\]/.test(u);
}

/** One entry per line (or comma), trimmed, empties dropped. */
export const lines = (s: string) => s.split(/[\n,]/).map((x) => x.trim()).filter(Boolean);

function isCIDR(p: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(p);
  if (v4) return v4.slice(1, 5).every((o) => Number(o) <= 255 && String(Number(o)) === o) && Number(v4[5]) <= 32;
  const v6 = /^([0-9a-fA-F:.]+)\/(\d{1,3})$/.exec(p);
  if (!v6 || Number(v6[2]) > 128 || !v6[1].includes(':')) return false;
  try {
    new URL(`http://[${v6[1]}]/`);
    return true;
  } catch {
    return false;
  }
}

function compiles(p: string): boolean {
  if (p === '*') return true;
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
}

const token = /^[A-Za-z0-9_-]{1,64}$/;
const cssValue = /^[^;{}<>]*$/;

// The tree's shape is the server's; the screen only turns switches on and off.
const switchSchema = z.custom<Switch>((v) => typeof v === 'object' && v !== null && typeof (v as Switch).modId === 'string');

const whole = (msg: string) => z.number({ error: msg }).int(msg);

export const brandSchema = z
  .object({
    brandName: z.string().refine((v) => v.trim() !== '' && v.length <= 64, 'v.brandName'),
    mainDomain: z.string().max(253, 'v.mainDomain'),
    timezone: z.string().refine((v) => v === '' || (v !== 'Local' && isTimezone(v)), 'v.timezone'),
    licence: z.string().max(500, 'v.licence'),
    ageLimit: whole('v.ageLimit').min(18, 'v.ageLimit').max(25, 'v.ageLimit'),
    gtagId: z.string().regex(/^[A-Za-z0-9-]{0,32}$/, 'v.gtagId'),
    currency: z.object({
      code: z.string().regex(/^[A-Z]{3}$/, 'v.currencyCode'),
      symbol: z.string().min(1, 'v.currencySymbol').max(8, 'v.currencySymbol'),
      decimals: whole('v.decimals').min(0, 'v.decimals').max(4, 'v.decimals'),
    }),
    languages: z.array(z.enum(KNOWN_LANGUAGES)).min(1, 'v.languages'),
    defaultLanguage: z.string(),
    whitelabel: z.array(switchSchema),
    register: z.array(
      z
        .object({
          field: z.string(),
          enabled: z.boolean(),
          required: z.boolean(),
          patternId: z.enum(PATTERN_IDS, { error: 'v.patternId' }),
          acceptedPattern: z.string().refine(compiles, 'v.pattern'),
          minLength: whole('v.lengths').min(0, 'v.lengths'),
          maxLength: whole('v.lengths').max(256, 'v.lengths'),
        })
        .refine((f) => f.maxLength >= f.minLength, { path: ['maxLength'], message: 'v.lengths' }),
    ),
    windows: z
      .array(
        z
          .object({ from: z.string().min(1, 'v.windowTime'), to: z.string().min(1, 'v.windowTime') })
          .refine((w) => !w.from || !w.to || new Date(w.to).getTime() > new Date(w.from).getTime(), { path: ['to'], message: 'v.windowOrder' }),
      )
      .max(MAX_WINDOWS, 'v.windowCount'),
    region: z.object({
      blockedCountries: z.string().refine((s) => lines(s).every((c) => /^[A-Z]{2}$/.test(c)), 'v.country'),
      blockedCIDRs: z.string().refine((s) => lines(s).every(isCIDR), 'v.cidr'),
      allowedCIDRs: z.string().refine((s) => lines(s).every(isCIDR), 'v.cidr'),
    }),
    resources: z.array(
      z
        .object({
          resourceType: z.enum(RESOURCE_TYPES, { error: 'v.resourceType' }),
          url: z.string().trim().refine(isSiteURL, 'v.url'),
          labelNameEn: z.string().max(64, 'v.label'),
          labelNameTy: z.string().max(64, 'v.label'),
        })
        .refine((r) => !APP_TYPES.has(r.resourceType) || new TextEncoder().encode(r.url.trim()).length <= MAX_APP_URL, { path: ['url'], message: 'v.appUrl' }),
    ),
    customerService: z.array(
      z.object({
        id: z.number(),
        name: z.string().trim().min(1, 'v.csName').max(64, 'v.csName'),
        type: z.string().trim().max(32, 'v.csType'),
        path: z.string().regex(token, 'v.csPath'),
        target: z.string().trim().refine((t) => isSiteURL(t) || /^mailto:[^\s<>"']+$/.test(t), 'v.csTarget'),
      }),
    ),
    imageCDNs: z.string().refine((s) => lines(s).length > 0 && lines(s).every((u) => isSiteURL(u) && !u.endsWith('/')), 'v.cdn'),
    launchGameCDNs: z.string().refine((s) => lines(s).length > 0 && lines(s).every((u) => isSiteURL(u) && !u.endsWith('/')), 'v.cdn'),
    theme: z.object({
      logoUrl: z.string().trim().refine(isSiteURL, 'v.url'),
      logoLightUrl: z.string().trim().refine((u) => u === '' || isSiteURL(u), 'v.url'),
      faviconUrl: z.string().trim().refine(isSiteURL, 'v.url'),
      dark: z.array(z.object({ key: z.string().regex(/^--[A-Za-z0-9-]{1,64}$/, 'v.cssKey'), value: z.string().trim().min(1, 'v.cssValue').max(200, 'v.cssValue').regex(cssValue, 'v.cssValue') })),
      light: z.array(z.object({ key: z.string().regex(/^--[A-Za-z0-9-]{1,64}$/, 'v.cssKey'), value: z.string().trim().min(1, 'v.cssValue').max(200, 'v.cssValue').regex(cssValue, 'v.cssValue') })),
    }),
    ops: z.object({
      totpRequired: z.boolean(),
      adjustApprovalAbove: z.string().refine((s) => s.trim() === '' || (parseMinor(s, 4) ?? -1n) >= 0n, 'v.amount'),
    }),
    advanced: z.string().refine(isAdvancedJSON, 'v.advanced'),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.languages).size !== v.languages.length) ctx.addIssue({ code: 'custom', path: ['languages'], message: 'v.languageTwice' });
    if (!v.languages.includes(v.defaultLanguage as (typeof KNOWN_LANGUAGES)[number])) ctx.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'v.defaultLanguage' });
    const have = new Set(v.register.map((f) => f.field));
    for (const f of REQUIRED_FIELDS) if (!have.has(f)) ctx.addIssue({ code: 'custom', path: ['register'], message: 'v.registerMissing' });
    const paths = new Set<string>();
    v.customerService.forEach((c, i) => {
      if (paths.has(c.path)) ctx.addIssue({ code: 'custom', path: ['customerService', i, 'path'], message: 'v.csPathTwice' });
      paths.add(c.path);
    });
    const amount = parseMinor(v.ops.adjustApprovalAbove, v.currency.decimals);
    if (v.ops.adjustApprovalAbove.trim() !== '' && amount === undefined) ctx.addIssue({ code: 'custom', path: ['ops', 'adjustApprovalAbove'], message: 'v.amount' });
  });

export type BrandForm = z.infer<typeof brandSchema>;

function isTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isAdvancedJSON(s: string): boolean {
  try {
    const v: unknown = JSON.parse(s);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
    return Object.keys(v).every((k) => (ADVANCED_KEYS as readonly string[]).includes(k));
  } catch {
    return false;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Unix ms as the value of a datetime-local input (the operator's zone). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const pairs = (m: Record<string, string> | null | undefined) => Object.entries(m ?? {}).map(([key, value]) => ({ key, value }));

export function toForm(c: BrandConfig): BrandForm {
  const ops = c.ops ?? {};
  const decimals = c.currency?.decimals ?? 2;
  const advanced: Record<string, unknown> = {};
  for (const k of ADVANCED_KEYS) if (c[k] !== undefined) advanced[k] = c[k];
  return {
    brandName: c.brandName ?? '',
    mainDomain: c.mainDomain ?? '',
    timezone: c.timezone ?? '',
    licence: c.licence ?? '',
    ageLimit: c.ageLimit,
    gtagId: c.analytics?.gtagId ?? '',
    currency: { ...c.currency },
    languages: [...(c.languages ?? [])] as BrandForm['languages'],
    defaultLanguage: c.defaultLanguage,
    whitelabel: structuredClone(c.whitelabel ?? []),
    register: (c.register?.fields ?? []).map((f) => ({ ...f, patternId: f.patternId as BrandForm['register'][number]['patternId'] })),
    windows: (c.maintenanceWindows ?? []).map((w) => ({ from: toLocalInput(w.from), to: toLocalInput(w.to) })),
    region: {
      blockedCountries: (c.region?.blockedCountries ?? []).join(', '),
      blockedCIDRs: (c.region?.blockedCIDRs ?? []).join('\n'),
      allowedCIDRs: (c.region?.allowedCIDRs ?? []).join('\n'),
    },
    resources: (c.resources ?? []).map((r) => ({ ...r, resourceType: r.resourceType as BrandForm['resources'][number]['resourceType'] })),
    customerService: (c.customerService ?? []).map((s) => ({ id: s.id, name: s.name, type: s.type, path: s.path, target: s.target ?? '' })),
    imageCDNs: (c.imageCDNs ?? []).join('\n'),
    launchGameCDNs: (c.launchGameCDNs ?? []).join('\n'),
    theme: {
      logoUrl: c.theme?.logoUrl ?? '',
      logoLightUrl: c.theme?.logoLightUrl ?? '',
      faviconUrl: c.theme?.faviconUrl ?? '',
      dark: pairs(c.theme?.dark),
      light: pairs(c.theme?.light),
    },
    ops: {
      totpRequired: ops.totpRequired === true,
      adjustApprovalAbove: typeof ops.adjustApprovalAbove === 'number' && ops.adjustApprovalAbove > 0 ? formatMinor(ops.adjustApprovalAbove, decimals).replace(/,/g, '') : '',
    },
    advanced: JSON.stringify(advanced, null, 2),
  };
}

const record = (list: { key: string; value: string }[]) => Object.fromEntries(list.map((p) => [p.key, p.value.trim()]));

/** The document to save: the loaded one with the form's values in place. */
export function fromForm(v: BrandForm, base: BrandConfig): BrandConfig {
  const ops: Record<string, unknown> = { ...(base.ops ?? {}) };
  for (const s of OPS_SETTINGS as readonly { key: OpsKey; kind: string }[]) {
    const raw = v.ops[s.key];
    if (s.kind === 'bool') {
      if (raw) ops[s.key] = true;
      else delete ops[s.key];
    } else {
      const n = typeof raw === 'string' && raw.trim() !== '' ? parseMinor(raw, v.currency.decimals) : undefined;
      if (n && n > 0n) ops[s.key] = Number(n);
      else delete ops[s.key];
    }
  }
  const advanced = JSON.parse(v.advanced) as Record<string, unknown>;
  const out: BrandConfig = { ...base };
  for (const k of ADVANCED_KEYS) delete out[k];
  Object.assign(out, advanced);
  return {
    ...out,
    brandName: v.brandName,
    mainDomain: v.mainDomain.trim(),
    timezone: v.timezone.trim(),
    licence: v.licence,
    ageLimit: Number(v.ageLimit),
    analytics: { ...base.analytics, gtagId: v.gtagId.trim() },
    currency: { code: v.currency.code, symbol: v.currency.symbol, decimals: Number(v.currency.decimals) },
    languages: v.languages,
    defaultLanguage: v.defaultLanguage,
    whitelabel: v.whitelabel,
    register: { ...base.register, fields: v.register.map((f) => ({ ...f, minLength: Number(f.minLength), maxLength: Number(f.maxLength) })) },
    maintenanceWindows: v.windows.map((w) => ({ from: new Date(w.from).getTime(), to: new Date(w.to).getTime() })),
    region: { blockedCountries: lines(v.region.blockedCountries), blockedCIDRs: lines(v.region.blockedCIDRs), allowedCIDRs: lines(v.region.allowedCIDRs) },
    resources: v.resources.map((r) => ({ ...r, url: r.url.trim() })),
    customerService: v.customerService.map((c) => ({ ...c, name: c.name.trim(), type: c.type.trim(), target: c.target.trim() })),
    imageCDNs: lines(v.imageCDNs),
    launchGameCDNs: lines(v.launchGameCDNs),
    theme: {
      ...base.theme,
      logoUrl: v.theme.logoUrl.trim(),
      logoLightUrl: v.theme.logoLightUrl.trim() || undefined,
      faviconUrl: v.theme.faviconUrl.trim(),
      dark: record(v.theme.dark),
      light: record(v.theme.light),
    },
    ops,
  };
}

/** A storefront colour set: its defaults (tokens.css) under the brand's overrides. */
export const STOREFRONT_DEFAULTS: Record<'dark' | 'light', Record<string, string>> = {
  dark: { '--c-bg': '#0e1525', '--c-surface': '#161f33', '--c-surface-2': '#1e2a44', '--c-text': '#f3f5fa', '--c-text-2': '#a9b3c7', '--c-primary': '#f5b942', '--c-on-primary': '#1a1205', '--c-accent': '#ff6b5a', '--c-on-accent': '#240b07', '--c-teal': '#1fc3a7', '--c-success': '#1fc3a7', '--c-danger': '#ff4d5e', '--c-primary-ink': 'var(--c-primary)' },
  light: { '--c-bg': '#f7f5f0', '--c-surface': '#ffffff', '--c-surface-2': '#efebe3', '--c-text': '#141a26', '--c-text-2': '#5b6475', '--c-primary': '#b7790e', '--c-on-primary': '#141a26', '--c-accent': '#c2392d', '--c-on-accent': '#ffffff', '--c-teal': '#12806e', '--c-success': '#0d8a75', '--c-danger': '#c8283a', '--c-primary-ink': 'color-mix(in srgb, var(--c-primary) 70%, #000)' },
};

/** brand.Patterns: the default acceptedPattern of each patternId (docs/brand.md). */
export const PATTERN_DEFAULTS: Record<(typeof PATTERN_IDS)[number], string> = {
  ANY: '*',
  LETTER_FIRST: '^[A-Za-z][A-Za-z0-9]*$',
  LETTERS_DIGITS: '^(?:[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+)[A-Za-z0-9]*$',
  CHINESE_DIGITS: '^[一-鿿0-9]+$',
  EMAIL: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
  LETTERS_OR_DIGITS: '^[A-Za-z0-9]+$',
  DIGITS: '^[0-9]+$',
  ALNUM_ONE_UPPER: '^[a-z0-9]*[A-Z][a-z0-9]*$',
  ENGLISH_SPACES: '^[A-Za-z]+(?: [A-Za-z]+)*$',
  NO_SPACES: '^[^ \\t\\n\\v\\f\\r\u00a0\u3000]+$',
  CHINESE_PUNCT: '^[一-鿿，。、！？：；“”‘’（）·]+$',
  KOREAN: '^[가-힣]+$',
  THAI: '^[฀-๿]+$',
  THAI_ENGLISH_SPACES: '^[฀-๿A-Za-z]+(?: [฀-๿A-Za-z]+)*$',
  UPPER_SPACES: '^[A-Z]+(?: [A-Z]+)*$',
  LETTERS_DIGITS_SYMBOLS: '^[!-~]+$',
  STRONG_PASSWORD: '^[!-~]+$',
  DATE_YMD: '^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$',
  DATE_MDY: '^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])-[0-9]{4}$',
};

/** Which tab holds each top-level form field (a failed save opens the first tab with an error). */
export const TAB_OF: Record<keyof BrandForm, string> = {
  brandName: 'general', mainDomain: 'general', timezone: 'general', licence: 'general', ageLimit: 'general', gtagId: 'general', currency: 'general',
  languages: 'languages', defaultLanguage: 'languages', whitelabel: 'switches', register: 'registration', windows: 'maintenance', region: 'region',
  resources: 'resources', customerService: 'service', imageCDNs: 'cdn', launchGameCDNs: 'cdn', theme: 'theme', ops: 'ops', advanced: 'advanced',
};
