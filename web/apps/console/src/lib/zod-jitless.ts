// Zod compiles its object parsers with new Function() unless told not to, and
// probes for it when a schema is created; the console's policy has no
// 'unsafe-eval', so the probe alone is a violation. index.html loads this
// module as its own script before the app, so the setting is in place before
// any chunk creates a schema (Zod reads its settings from this global).
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
export {};
