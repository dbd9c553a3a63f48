// The console's only door to Zod: the jitless setting is evaluated before
// Zod itself wherever the bundler puts either (the policy has no
// 'unsafe-eval', and Zod probes for it when a schema is created).
import './zod-jitless';

export { z } from 'zod';
export type { ZodType } from 'zod';
