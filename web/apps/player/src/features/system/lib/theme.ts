// Light/dark mode and the brand's runtime theme. The mode is chosen before first
// paint by an inline script in index.html (same rules as resolveThemeMode), so
// there is no flash; the brand's colour overrides arrive with /wps/system/status.
import type { BrandInfo } from '../api/status';

export type ThemeMode = 'dark' | 'light';
export const THEME_KEY = 'theme';

export function resolveThemeMode(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  prefersLight: boolean = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches,
): ThemeMode {
  const stored = safeGet(storage, THEME_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  return prefersLight ? 'light' : 'dark';
}

export function applyThemeMode(mode: ThemeMode, doc: Document = document) {
  doc.documentElement.setAttribute('data-theme', mode);
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = getComputedStyle(doc.documentElement).getPropertyValue('--c-bg').trim() || (mode === 'dark' ? '#0E1525' : '#F7F5F0');
}

export function persistThemeMode(mode: ThemeMode, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(THEME_KEY, mode);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

function safeGet(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const VAR_NAME = /^--[a-zA-Z0-9-]{1,64}$/;
const SAFE_VALUE = /^[^;{}<>\\]{1,200}$/;

/** CSS text for the brand's per-mode custom properties; unsafe names or values are dropped. */
export function brandThemeCss(theme: Pick<BrandInfo['theme'], 'dark' | 'light'> | undefined): string {
  if (!theme) return '';
  const block = (sel: string, vars: Record<string, string> | undefined) => {
    const decls = Object.entries(vars ?? {})
      .filter(([k, v]) => VAR_NAME.test(k) && typeof v === 'string' && SAFE_VALUE.test(v))
      .map(([k, v]) => `${k}:${v.trim()};`)
      .join('');
    return decls ? `${sel}{${decls}}` : '';
  };
  return block(":root,:root[data-theme='dark']", theme.dark) + block(":root[data-theme='light']", theme.light);
}

const brandSheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * Sets the brand's colours as a constructed style sheet: the pages'
 * Content-Security-Policy refuses inline <style> elements added at runtime
 * (internal/webui), and style sheets built through the CSSOM are not inline
 * styles. Browsers without adoptedStyleSheets get a <style> element.
 */
function setBrandCss(css: string, doc: Document) {
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (Sheet && 'adoptedStyleSheets' in doc && typeof Sheet.prototype.replaceSync === 'function') {
    let sheet = brandSheets.get(doc);
    if (!sheet) {
      sheet = new Sheet();
      brandSheets.set(doc, sheet);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
    sheet.replaceSync(css);
    return;
  }
  let style = doc.getElementById('brand-theme') as HTMLStyleElement | null;
  if (!style) {
    style = doc.createElement('style');
    style.id = 'brand-theme';
    doc.head.appendChild(style);
  }
  style.textContent = css;
}

/** Brand colours, favicon and document title, applied at runtime (white-label: no rebuild). */
export function applyBrand(info: Pick<BrandInfo, 'brandName' | 'theme'>, doc: Document = document) {
  setBrandCss(brandThemeCss(info.theme), doc);
  if (info.brandName) doc.title = info.brandName;
  if (info.theme?.faviconUrl) {
    let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = doc.createElement('link');
      link.rel = 'icon';
      doc.head.appendChild(link);
    }
    link.href = info.theme.faviconUrl;
    if (info.theme.faviconUrl.endsWith('.svg')) link.type = 'image/svg+xml';
  }
  const mode = (doc.documentElement.getAttribute('data-theme') as ThemeMode) || 'dark';
  applyThemeMode(mode, doc);
}
