// The subset of react-i18next the storefront uses, for the lite i18next
// (./i18next.ts): production builds alias `react-i18next` here. Same
// behaviour: useTranslation(ns, { useSuspense }) returns [t, i18n, ready] (also
// as properties), fixed to the first namespace; it suspends (or, with
// useSuspense false, renders not ready) until the namespaces of the language
// and its fallbacks are loaded, and renders again when the language changes.
// Trans fills `<1>text</1>` tags with the given components. lite.test.ts
// renders both libraries side by side.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { cloneElement, createContext, createElement, Fragment, isValidElement, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from './i18next';

type Ctx = { i18n?: I18n; defaultNS?: string | string[] };
export const I18nextContext = createContext<Ctx>({});

export function I18nextProvider({ i18n, defaultNS, children }: { i18n: I18n; defaultNS?: string | string[]; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n, defaultNS }), [i18n, defaultNS]);
  return createElement(I18nextContext.Provider, { value }, children);
}

/** Plugin shape for `i18n.use(initReactI18next)`: the provider carries the instance instead. */
export const initReactI18next = { type: '3rdParty' as const, init() {} };

type UseTranslationOptions = { useSuspense?: boolean; keyPrefix?: string; lng?: string; i18n?: I18n };
type Response = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

export function useTranslation(ns?: string | readonly string[], props: UseTranslationOptions = {}): Response {
  const ctx = useContext(I18nextContext);
  const i18n = (props.i18n ?? ctx.i18n)!;
  const given = ns ?? ctx.defaultNS ?? i18n.options.defaultNS;
  const namespaces = typeof given === 'string' ? [given] : [...given];
  const nsKey = namespaces.join('|');
  const lng = props.lng ?? i18n.language;
  const ready = i18n.isInitialized && namespaces.every((n) => i18n.hasLoadedNamespace(n, { lng }));
  const [, rerender] = useState(0);

  useEffect(() => {
    const changed = () => rerender((n) => n + 1);
    i18n.on('languageChanged', changed);
    return () => {
      i18n.off('languageChanged', changed);
    };
  }, [i18n]);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void i18n.loadNamespaces(nsKey.split('|')).then(() => live && rerender((n) => n + 1));
    return () => {
      live = false;
    };
  }, [i18n, nsKey, lng, ready]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- lng: a new t when the language changes, as react-i18next gives
  const t = useMemo(() => i18n.getFixedT(props.lng ?? null, nsKey.split('|')[0], props.keyPrefix), [i18n, lng, nsKey, props.lng, props.keyPrefix]);
  const useSuspense = props.useSuspense ?? i18n.options.react?.useSuspense ?? true;
  if (!ready && useSuspense) throw i18n.loadNamespaces(namespaces);
  const ret = [t, i18n, ready] as Response;
  ret.t = t;
  ret.i18n = i18n;
  ret.ready = ready;
  return ret;
}

const KEEP_HTML = new Set(['br', 'strong', 'i', 'p']);
type Node = string | { tag: string; children: Node[] };

/** Parses `a <1>b</1> <br/>` into text and tag nodes (unbalanced tags stay as text). */
function parse(str: string): Node[] {
  const root: Node[] = [];
  const stack: { tag: string; children: Node[]; open: string }[] = [];
  const re = /<(\/?)([a-zA-Z0-9]+)\s*(\/?)>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  const top = () => (stack.length ? stack[stack.length - 1].children : root);
  while ((m = re.exec(str))) {
    if (m.index > last) top().push(str.slice(last, m.index));
    last = re.lastIndex;
    const [whole, closing, tag, selfClosing] = m;
    if (selfClosing) top().push({ tag, children: [] });
    else if (!closing) stack.push({ tag, children: [], open: whole });
    else if (stack.length && stack[stack.length - 1].tag === tag) {
      const n = stack.pop()!;
      top().push({ tag: n.tag, children: n.children });
    } else top().push(whole);
  }
  if (last < str.length) top().push(str.slice(last));
  while (stack.length) {
    const n = stack.pop()!;
    top().push(n.open, ...n.children);
  }
  return root;
}

function render(nodes: Node[], components: Record<string, ReactNode>): ReactNode[] {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return n;
    const c = components[n.tag];
    const inner = render(n.children, components);
    if (isValidElement(c)) return cloneElement(c as any, { key: i }, ...(inner.length ? inner : [(c.props as any).children]));
    if (KEEP_HTML.has(n.tag)) return createElement(n.tag, { key: i }, ...(inner.length ? inner : []));
    return createElement(Fragment, { key: i }, ...inner);
  });
}

export function Trans({ i18nKey, t, ns, values, components, defaults }: { i18nKey: string; t?: TFunction; ns?: string; values?: Record<string, unknown>; components?: Record<string, ReactNode> | ReactNode[]; defaults?: string }) {
  const ctx = useContext(I18nextContext);
  const tt = t ?? ctx.i18n!.getFixedT(null, ns ?? null);
  const str = tt(i18nKey, { ...values, ...(defaults !== undefined ? { defaultValue: defaults } : {}) });
  return createElement(Fragment, null, ...render(parse(str), (components ?? {}) as Record<string, ReactNode>));
}
