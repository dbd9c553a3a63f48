import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Production builds run on Preact's React-compatible runtime (preact/compat):
// react-dom alone is ~58 KB gzip and the home page must load at most 120 KB
// of JavaScript. The code is written against React's API; unit tests and the
// dev server use React itself, and the end-to-end suite drives the shipped
// Preact build. See docs/architecture.md.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The build lands in the Go embed directory so `bin/palaro` serves it.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [{ find: '@', replacement: src }, ...(command === 'build' && process.env.PALARO_WEB_REACT !== '1' ? preactAliases : [])],
  },
  build: {
    outDir: fileURLToPath(new URL('../../../internal/webui/dist', import.meta.url)),
    // The directory keeps a committed .gitkeep so the Go embed compiles before any build;
    // `make web` clears the previous build instead.
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/wps': 'http://127.0.0.1:8080', '/lgw': 'http://127.0.0.1:8080', '/art': 'http://127.0.0.1:8080', '/cdn': 'http://127.0.0.1:8080', '/cs': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '../../packages/*/src/**/*.test.ts'],
  },
}));
