import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

const src = fileURLToPath(new URL('./src', import.meta.url));

// The operator console: React itself (no Preact aliases: its budget is 200 KB
// of initial JavaScript, and it is not a public page), served by the binary
// at /console/ (internal/webui, console.go) with a strict policy: no inline
// script or style in index.html, so the build must not inline any.
export default defineConfig(({ command }) => ({
  base: '/console/',
  logLevel: command === 'build' && process.env.PALARO_WEB_VERBOSE !== '1' ? 'warn' : 'info',
  plugins: [react()],
  resolve: { alias: [{ find: '@', replacement: src }] },
  build: {
    outDir: fileURLToPath(new URL('../../../internal/webui/consoledist', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    // Vite's module preload polyfill is an inline-free module, but keep the
    // assets as files: the policy has no data: for scripts.
    assetsInlineLimit: 0,
    // The entry carries React, the router, the query client and the shell
    // (about 500 KB minified, 150 KB gzip); the budget that counts is the
    // initial JavaScript, at most 200 KB gzip (docs/architecture.md, "Web
    // workspace"), so Vite's 500 KB minified warning is set above it.
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: { '/ops': 'http://127.0.0.1:8080', '/wps': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    retry: process.env.CI ? 1 : 0,
    // As the storefront's (apps/player/vite.config.ts): 30 s a test under CI.
    testTimeout: process.env.CI ? 30_000 : 5_000,
  },
}));
