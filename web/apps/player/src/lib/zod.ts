// The full Zod for forms that need it (the agent centre's), always jitless:
// see zod-jitless.ts. Import z from here, never from 'zod' directly.
import './zod-jitless';

export { z } from 'zod';
