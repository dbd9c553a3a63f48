// ESLint over the whole web workspace (npm run lint). ESLint and its plugins
// live in their own package, web/lint (typescript-eslint needs TypeScript 6's
// compiler API; the workspace builds with TypeScript 7), loaded from there.
// The import ladder is palaro/boundaries (lint/boundaries.js); the rest is a
// short list of checks that find real bugs, not style.
import { createRequire } from 'node:module';
import { boundaries } from './lint/boundaries.js';

const require = createRequire(new URL('./lint/package.json', import.meta.url));
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');

export default [
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'lint/**', '**/*.d.ts'],
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'apps/*/vite.config.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks, palaro: { rules: { boundaries } } },
    rules: {
      'palaro/boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-debugger': 'error',
      'no-dupe-keys': 'error',
      'no-self-compare': 'error',
      'no-unsafe-finally': 'error',
      'no-constant-binary-expression': 'error',
    },
  },
  {
    // The console's policy forbids eval: Zod only through lib/zod.ts, which sets it jitless first.
    files: ['apps/console/src/**/*.{ts,tsx}'],
    ignores: ['apps/console/src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import { z } from '@/lib/zod' (jitless under the console's CSP)." }] }],
    },
  },
];
