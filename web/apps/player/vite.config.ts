import { defineConfig } from 'vitest/config';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants, gzipSync } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { BOOT_NAMESPACES } from '../../packages/i18n/src/languages.ts';

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

// The same way, production builds run i18next and react-i18next as the subset
// the storefront uses (packages/i18n/src/lite: 17 KB gzip less on every page;
// lite.test.ts proves it answers as i18next for every key of every locale),
// and React Router's production build (no development warnings).
// PALARO_WEB_I18NEXT=1 builds with i18next itself.
const i18nLite = fileURLToPath(new URL('../../packages/i18n/src/lite/', import.meta.url));
const liteAliases = [
  { find: /^i18next$/, replacement: i18nLite + 'i18next.ts' },
  { find: /^react-i18next$/, replacement: i18nLite + 'react-i18next.ts' },
];
const routerProduction = [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }];

/**
 * The entry's stylesheets are inlined into index.html, so they block neither
 * the first paint nor the scripts (no extra round trip before anything
 * renders). Each <link> stays, disabled (never fetched, never applied): Vite's
 * lazy-chunk preloader looks for a stylesheet link with that href before
 * loading a chunk's CSS and would otherwise load the same file again. The one
 * font file the storefront uses (Inter, latin) is preloaded.
 */
/**
 * Writes a gzip copy next to every compressible file of the build;
 * internal/webui serves it as is instead of compressing at start-up with Go's
 * gzip, which compresses a little worse. Files of 4 KB and more are
 * compressed with Zopfli (a slower, better deflate encoder whose output any
 * gzip client reads): about 3-4 % fewer bytes than zlib's level 9 on the
 * large chunks (the entry: 64.1 -> 61.3 KB), for about 7 s of build time.
 * Smaller files gain next to nothing and take zlib level 9.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  return {
    name: 'palaro-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    async closeBundle() {
      const walk = async (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const file = join(dir, e.name);
          if (e.isDirectory()) await walk(file);
          else if (compressible.test(e.name)) {
            const body = readFileSync(file);
            if (body.length <= 128) continue;
            let gz: Uint8Array = gzipSync(body, { level: zlibConstants.Z_BEST_COMPRESSION, memLevel: 9 });
            if (body.length >= 4096) {
              const z = await zopfliGzip(body, { numiterations: 5 });
              if (z.length < gz.length) gz = z;
            }
            if (gz.length < body.length) writeFileSync(file + '.gz', gz);
          }
        }
      };
      await walk(outDir);
    },
  };
}

function inlineEntryCss(): Plugin {
  return {
    name: 'palaro-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        let out = html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return tag;
          const css = String(asset.source).replace(/<\/style/gi, '<\\/style');
          return `<style data-href="/${file}">${css}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
        });
        // The home route's chunks (with their CSS) and each language's locale chunks, for
        // index.html's boot script to preload in parallel with the entry (not after it).
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const initial = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/routes/home.tsx'));
        const js = new Set<string>();
        const css = new Set<string>();
        const walk = (c: OutputChunk | undefined) => {
          if (!c || initial.has(c.fileName) || js.has(c.fileName)) return;
          js.add(c.fileName);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          for (const f of c.imports) walk(bundle[f] as OutputChunk | undefined);
        };
        walk(home);
        // Only the namespaces the boot loads: auth, member and agent come with their lazy chunks.
        const locales: Record<string, string[]> = {};
        for (const c of chunks) {
          const m = /\/locales\/([A-Z]+)\/([a-z]+)\.json$/.exec(c.facadeModuleId ?? '');
          if (m && (BOOT_NAMESPACES as readonly string[]).includes(m[2])) (locales[m[1]] ??= []).push('/' + c.fileName);
        }
        const plan = { home: [...js].map((f) => '/' + f), css: [...css].map((f) => '/' + f), locales };
        out = out.replace('/*__PALARO_PRELOAD__*/null', JSON.stringify(plan));
        const font = Object.keys(bundle).find((f) => /inter-latin-wght-normal-[^/]*\.woff2$/.test(f));
        if (font) out = out.replace('</title>', `</title>\n    <link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`);
        return out;
      },
    },
  };
}

/**
 * react-hook-form imports React's default object; under preact/compat that
 * object brings every compat export into the runtime chunk the home page
 * loads. Its React is a small object of the hooks it uses instead
 * (src/lib/react-hook-form-react.ts).
 */
function hookFormReact(): Plugin {
  const shim = fileURLToPath(new URL('./src/lib/react-hook-form-react.ts', import.meta.url));
  return {
    name: 'palaro-hook-form-react',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if ((source === 'react' || source === 'preact/compat') && importer && /[\\/]node_modules[\\/]react-hook-form[\\/]/.test(importer)) return shim;
      return null;
    },
  };
}

// The build lands in the Go embed directory so `bin/palaro` serves it.
export default defineConfig(({ command }) => ({
  // `make web` / `make run` print warnings and errors only, not the build's
  // per-file listing (PALARO_WEB_VERBOSE=1 brings it back).
  logLevel: command === 'build' && process.env.PALARO_WEB_VERBOSE !== '1' ? 'warn' : 'info',
  plugins: [react(), ...(command === 'build' && process.env.PALARO_WEB_REACT !== '1' ? [hookFormReact()] : []), inlineEntryCss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build' && process.env.PALARO_WEB_REACT !== '1' ? preactAliases : []),
      ...(command === 'build' && process.env.PALARO_WEB_I18NEXT !== '1' ? liteAliases : []),
      ...(command === 'build' ? routerProduction : []),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('../../../internal/webui/dist', import.meta.url)),
    // The directory keeps a committed .gitkeep so the Go embed compiles before any build;
    // `make web` clears the previous build instead.
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        // React Router reads React 19's optional useOptimistic by a computed
        // name and falls back when it is missing, as it is in preact/compat:
        // the one warning the Preact build gives for it carries no problem.
        if (log.code === 'IMPORT_IS_UNDEFINED' && /`useOptimistic`/.test(log.message) && /preact[\\/]compat/.test(log.message)) return;
        handler(level, log);
      },
      output: {
        // The runtime libraries every page needs (Preact, TanStack Query, React
        // Router, i18next) stay in one chunk: left to automatic splitting, each
        // new lazy page that shares a piece of them cuts them into more, smaller
        // chunks, and every extra chunk costs the home page bytes and a request.
        codeSplitting: {
          groups: [{ name: 'runtime', test: /node_modules[\\/]preact[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/wps': 'http://127.0.0.1:8080', '/lgw': 'http://127.0.0.1:8080', '/art': 'http://127.0.0.1:8080', '/cdn': 'http://127.0.0.1:8080', '/cs': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    // Fixtures built with local-time Date constructors are read in the demo
    // brand's zone, where the app shows every date (lib/format.ts); the zone
    // tests (lib/time.test.ts) use UTC instants and other zones explicitly.
    env: { TZ: 'Asia/Manila' },
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '../../packages/*/src/**/*.test.{ts,tsx}'],
    // As the e2e suite (e2e/playwright.config.ts): under CI a failed test runs
    // once more, and a test that fails twice fails the run. A loaded 2-core
    // machine can stretch a jsdom test past a waitFor timeout once; the
    // retried reporter (src/test/retriedReporter.ts) names every test that
    // needed its retry.
    retry: process.env.CI ? 1 : 0,
    // A test's own time limit (5 s by default) under CI is 30 s: on the
    // shared 2-core machine, under a load average of 15-25, five jsdom tests
    // ran past 5 s on both tries (bench/README.md, "CI time"). findBy and
    // waitFor: src/test/setup.ts.
    testTimeout: process.env.CI ? 30_000 : 5_000,
    reporters: ['default', './src/test/retriedReporter.ts'],
  },
}));
