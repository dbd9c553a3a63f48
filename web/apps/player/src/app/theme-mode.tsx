import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { applyThemeMode, persistThemeMode, resolveThemeMode, type ThemeMode } from '@/features/system/lib/theme';

type ThemeModeState = { mode: ThemeMode; setMode: (m: ThemeMode) => void; toggle: () => void };

const ThemeModeContext = createContext<ThemeModeState>({ mode: 'dark', setMode: () => {}, toggle: () => {} });

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  // index.html already set data-theme before paint; start from the same rule.
  const [mode, setModeState] = useState<ThemeMode>(() => {
    const attr = document.documentElement.getAttribute('data-theme');
    return attr === 'light' || attr === 'dark' ? attr : resolveThemeMode();
  });
  const setMode = useCallback((m: ThemeMode) => {
    setModeState(m);
    applyThemeMode(m);
    persistThemeMode(m);
  }, []);
  const value = useMemo(() => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }), [mode, setMode]);
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export function useThemeMode() {
  return useContext(ThemeModeContext);
}
