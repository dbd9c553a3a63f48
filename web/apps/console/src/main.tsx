import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import './app/styles/global.css';
import { applyTheme, initialTheme } from './lib/theme';
import { boot } from './app/boot';

applyTheme(initialTheme());
const root = createRoot(document.getElementById('root')!);
void boot().then(
  (app) => root.render(<StrictMode>{app}</StrictMode>),
  () => {
    document.getElementById('root')!.textContent = 'The console could not start. Reload the page.';
  },
);
