import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

// The build lands in the Go embed directory so `bin/palaro` serves it.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../../../internal/webui/dist', import.meta.url)),
    // The directory keeps a committed .gitkeep so the Go embed compiles before any build;
    // `make web` clears the previous build instead.
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/wps': 'http://127.0.0.1:8080', '/lgw': 'http://127.0.0.1:8080', '/art': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '../../packages/*/src/**/*.test.ts'],
  },
});
