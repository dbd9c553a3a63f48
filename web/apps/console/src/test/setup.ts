import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Under CI (a shared 2-core machine, often under a load average of 15-25)
// findBy and waitFor wait up to 5 s instead of 1 s; a file may set its own.
if (process.env.CI) configure({ asyncUtilTimeout: 5_000 });
