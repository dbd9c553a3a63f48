import { applyBrand, applyThemeMode, brandThemeCss, persistThemeMode, resolveThemeMode, THEME_KEY } from './theme';

function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), map: m };
}

describe('theme mode', () => {
  test('defaults to the system preference', () => {
    expect(resolveThemeMode(memoryStorage(), false)).toBe('dark');
    expect(resolveThemeMode(memoryStorage(), true)).toBe('light');
  });
  test('a stored choice wins over the system preference and survives a reload', () => {
    const s = memoryStorage();
    persistThemeMode('light', s);
    expect(s.map.get(THEME_KEY)).toBe('light');
    expect(resolveThemeMode(s, false)).toBe('light');
    persistThemeMode('dark', s);
    expect(resolveThemeMode(s, true)).toBe('dark');
  });
  test('ignores garbage in storage', () => {
    expect(resolveThemeMode(memoryStorage({ theme: 'neon' }), true)).toBe('light');
  });
  test('sets data-theme on <html>', () => {
    applyThemeMode('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    applyThemeMode('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('brand theme', () => {
  test('emits per-mode custom properties and drops unsafe ones', () => {
    const css = brandThemeCss({
      dark: { '--c-primary': '#F5B942', color: 'red', '--x': 'red;} body{display:none' },
      light: { '--c-primary': '#B7790E' },
    });
    expect(css).toBe(":root,:root[data-theme='dark']{--c-primary:#F5B942;}:root[data-theme='light']{--c-primary:#B7790E;}");
  });
  test('applies title, favicon and style element', () => {
    applyBrand({ brandName: 'Acme', theme: { logoUrl: '', faviconUrl: '/f.svg', dark: { '--c-bg': '#000' }, light: {} } });
    expect(document.title).toBe('Acme');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/f.svg');
    expect(document.getElementById('brand-theme')?.textContent).toContain('--c-bg:#000');
  });
  test('uses a constructed style sheet where the browser adopts them (no inline <style> for the CSP to refuse)', () => {
    const doc = document.implementation.createHTMLDocument('t');
    // jsdom builds CSSStyleSheet objects but does not adopt them: the document gets the browsers' property.
    Object.defineProperty(doc, 'adoptedStyleSheets', { value: [], writable: true });
    Object.defineProperty(doc, 'defaultView', { value: window });
    applyBrand({ brandName: 'Acme', theme: { logoUrl: '', faviconUrl: '', dark: { '--c-bg': '#111' }, light: {} } }, doc);
    applyBrand({ brandName: 'Acme', theme: { logoUrl: '', faviconUrl: '', dark: { '--c-bg': '#222' }, light: {} } }, doc);
    expect(doc.querySelector('style')).toBeNull();
    expect(doc.adoptedStyleSheets).toHaveLength(1);
    expect(doc.adoptedStyleSheets[0].cssRules[0].cssText).toContain('--c-bg: #222');
  });
});
