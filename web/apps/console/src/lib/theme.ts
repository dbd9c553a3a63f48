// Light and dark: the stored choice, else the system's. Set on <html
// data-theme> by the entry module (no inline script: the console's policy
// allows none).
const KEY = 'palaro.console.theme';
export type Theme = 'light' | 'dark';

export function initialTheme(): Theme {
  try {
    const v = localStorage.getItem(KEY);
    if (v === 'light' || v === 'dark') return v;
  } catch {
    // no storage
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, remember = false) {
  document.documentElement.dataset.theme = theme;
  if (!remember) return;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // no storage
  }
}
