// The lite i18next (production builds) against i18next itself (unit tests):
// every key of every locale file, in every language with its fallbacks, with
// and without counts and interpolation values, must come out the same.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, Fragment, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import i18next, { type BackendModule } from 'i18next';
import * as real from 'react-i18next';
import lite from './i18next';
import * as liteReact from './react-i18next';
import { fallbackFor } from '../index';
import { LANGUAGES, NAMESPACES } from '../languages';

const root = join(__dirname, '..', '..', 'locales');
const langs = readdirSync(root);
const file = (lng: string, ns: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8'));
  } catch {
    return null;
  }
};

/** A backend over the locale files; `gate` holds reads back until released (to see not-ready renders). */
function backend(gate?: Promise<void>): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(lng, ns, cb) {
      void (gate ?? Promise.resolve()).then(() => cb(null, file(lng, ns) ?? {}));
    },
  };
}

const options = (lng: string, ns: readonly string[]) => ({
  lng,
  fallbackLng: fallbackFor,
  supportedLngs: LANGUAGES.map((l) => l.code),
  ns: [...ns],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  load: 'currentOnly' as const,
  react: { useSuspense: false },
});

async function pair(lng: string, ns: readonly string[] = NAMESPACES) {
  const a = i18next.createInstance();
  await a.use(backend()).init(options(lng, ns) as Parameters<typeof a.init>[0]);
  const b = lite.createInstance();
  await b.use(backend()).init(options(lng, ns));
  return { a, b };
}

function leaves(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const allVars = new Set<string>();
for (const l of langs) for (const ns of NAMESPACES) JSON.stringify(file(l, ns) ?? {}).replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, v: string) => (allVars.add(v), ''));
const values = Object.fromEntries([...allVars].map((v) => [v, `<${v}>`]));

test.each([...langs, 'DE'])('every key answers as in i18next: %s', async (lng) => {
  const { a, b } = await pair(lng);
  let compared = 0;
  const differ: string[] = [];
  for (const ns of NAMESPACES) {
    const keys = new Set<string>();
    for (const l of ['EN', lng]) for (const k of leaves(file(l, ns) ?? {})) keys.add(k.replace(/_(zero|one|two|few|many|other)$/, ''));
    for (const key of keys) {
      for (const opt of [undefined, values, { count: 0 }, { ...values, count: 1 }, { count: 2 }, { ...values, count: 5 }, { count: 11 }, { count: 21 }, { count: '3' }, { name: undefined }]) {
        const want = a.t(`${ns}:${key}`, opt);
        const got = b.t(`${ns}:${key}`, opt);
        if (got !== want) differ.push(`${ns}:${key} ${JSON.stringify(opt)}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
        compared++;
      }
      if (b.getFixedT(null, ns)(key, values) !== a.getFixedT(null, ns)(key, values)) differ.push(`getFixedT ${ns} ${key}`);
    }
  }
  expect(differ.slice(0, 20)).toEqual([]);
  expect(compared).toBeGreaterThan(1000);
}, 120_000);

test('missing keys, defaults, flat keys with dots, sentences and objects answer as in i18next', async () => {
  const { a, b } = await pair('TY');
  a.addResourceBundle('TY', 'common', { 'flat.key': 'flat {{n}}', deep: { empty: '' } }, true, true);
  b.addResourceBundle('TY', 'common', { 'flat.key': 'flat {{n}}', deep: { empty: '' } }, true, true);
  const cases: [string | string[], unknown][] = [
    ['nope', undefined],
    ['errors:nope.deeper', undefined],
    ['nope', { defaultValue: 'Fallback {{x}}', x: 1 }],
    ['nope', { defaultValue: '' }],
    ['nope', 'plain default'],
    ['flat.key', { n: 2 }],
    ['deep.empty', undefined],
    ['deep', undefined],
    ['layout', undefined],
    ['Hello there: friend', undefined],
    ['layout:nav', undefined],
    [['nope', 'errors:nope', 'layout:skipToContent'], undefined],
    ['a:b:c', undefined],
    ['nope', { count: 1, defaultValue_one: 'one {{count}}', defaultValue_other: 'many {{count}}' }],
    ['nope', { count: 0, defaultValue_zero: 'none', defaultValue_other: 'many' }],
  ];
  for (const [k, o] of cases) expect(b.t(k as string, o as never), JSON.stringify([k, o])).toBe(a.t(k as string, o as never));
  // The locale files have no plural keys yet: plural forms of every language, as i18next picks them.
  const plural = { p_zero: 'zero {{count}}', p_one: 'one {{count}}', p_two: 'two', p_few: 'few {{count}}', p_many: 'many', p_other: 'other {{count}}', q_other: 'q other', r: 'r plain' };
  for (const lng of [...langs, 'DE', 'PL']) {
    a.addResourceBundle(lng, 'common', plural, true, true);
    b.addResourceBundle(lng, 'common', plural, true, true);
    for (const count of [0, 1, 2, 3, 5, 11, 21, 101, 1.5]) for (const k of ['p', 'q', 'r']) expect(b.t(k, { count, lng }), `${lng} ${k} ${count}`).toBe(a.t(k, { count, lng }));
  }
  expect(b.exists('layout:skipToContent')).toBe(a.exists('layout:skipToContent'));
  expect(b.exists('layout:nope')).toBe(a.exists('layout:nope'));
});

test('languages change and lazy namespaces load as in i18next', async () => {
  const { a, b } = await pair('FR', ['common']);
  for (const i of [a, b]) {
    await i.loadNamespaces('wallet');
    await i.changeLanguage('DE');
  }
  expect(b.language).toBe(a.language);
  expect(b.languages).toEqual(a.languages);
  expect(b.hasResourceBundle('EN', 'wallet')).toBe(a.hasResourceBundle('EN', 'wallet'));
  expect(b.hasLoadedNamespace('wallet')).toBe(true);
  expect(b.t('wallet:transfer.main')).toBe(a.t('wallet:transfer.main'));
  expect(b.t('wallet:transfer.main')).toBe('Main wallet');
});

type Lib = typeof real | typeof liteReact;

function Greeting({ lib, ns, suspense }: { lib: Lib; ns: string | string[]; suspense?: boolean }) {
  const { t, ready, i18n } = lib.useTranslation(ns as string, { useSuspense: suspense });
  return createElement('p', { 'data-testid': 'out' }, `${ready ? 'ready' : 'loading'} ${i18n.language} ${t('transfer.main')} ${t('common:close', { defaultValue: 'x' })}`);
}

function Terms({ lib }: { lib: Lib }) {
  const { t } = lib.useTranslation('auth');
  return createElement(
    'span',
    { 'data-testid': 'terms' },
    createElement(lib.Trans as never, { t, i18nKey: 'auth:register.terms', components: { 1: createElement('button', { type: 'button', className: 'link' }) } }),
  );
}

async function mount(lib: Lib, instance: unknown, child: ReactNode) {
  const view = render(createElement(lib.I18nextProvider as never, { i18n: instance }, createElement(Suspense, { fallback: createElement('i', { 'data-testid': 'fallback' }) }, child)));
  return view;
}

test.each(['real', 'lite'] as const)('useTranslation renders, waits for namespaces and follows language changes (%s)', async (which) => {
  const lib: Lib = which === 'real' ? real : liteReact;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const make = which === 'real' ? () => i18next.createInstance() : () => lite.createInstance();
  const inst = make() as ReturnType<typeof lite.createInstance>;
  await inst.use(backend()).init(options('TY', ['common']));
  inst.use(backend(gate)); // later namespaces wait for the gate
  if (which === 'real') (inst as never as { services: { backendConnector: { backend: BackendModule } } }).services.backendConnector.backend = backend(gate);
  const view = await mount(lib, inst, createElement(Fragment, null, createElement(Greeting, { lib, ns: ['wallet', 'common'], suspense: false })));
  expect(screen.getByTestId('out').textContent).toMatch(/^loading TY /);
  await act(async () => {
    release();
    await gate;
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(screen.getByTestId('out').textContent).toBe(`ready TY ${inst.t('wallet:transfer.main')} ${inst.t('common:close')}`);
  await act(async () => {
    await inst.changeLanguage('EN');
  });
  expect(screen.getByTestId('out').textContent).toBe('ready EN Main wallet ' + inst.t('common:close'));
  view.unmount();
});

test.each(langs)('Trans renders the terms line as react-i18next does: %s', async (lng) => {
  const { a, b } = await pair(lng, ['common', 'auth']);
  const r1 = render(createElement(real.I18nextProvider, { i18n: a }, createElement(Terms, { lib: real })));
  const want = r1.getByTestId('terms').innerHTML;
  r1.unmount();
  const r2 = render(createElement(liteReact.I18nextProvider, { i18n: b }, createElement(Terms, { lib: liteReact })));
  expect(r2.getByTestId('terms').innerHTML).toBe(want);
  expect(want).toContain('<button');
  r2.unmount();
});

test('a suspending useTranslation shows the fallback, then the page (lite)', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const inst = lite.createInstance();
  await inst.use(backend()).init(options('EN', ['common']));
  inst.use(backend(gate));
  await mount(liteReact, inst, createElement(Greeting, { lib: liteReact, ns: 'wallet', suspense: true }));
  expect(screen.getByTestId('fallback')).toBeTruthy();
  await act(async () => {
    release();
    await gate;
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(screen.getByTestId('out').textContent).toBe('ready EN Main wallet ' + inst.t('common:close'));
});
