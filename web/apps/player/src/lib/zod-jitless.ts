// Zod compiles its object parsers with new Function() unless told not to, and
// probes for it when a schema is created; the storefront's policy has no
// 'unsafe-eval', so the probe alone is a violation. Imported first by
// lib/zod.ts. Zod keeps its settings in this global object and reads them
// when a schema first parses; another chunk may have loaded Zod already, so the
// object is changed in place, never replaced.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(g.__zod_globalConfig ??= {}).jitless = true;
export {};
