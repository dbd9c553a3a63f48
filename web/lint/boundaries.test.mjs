// palaro/boundaries on made-up files of the workspace: each forbidden import
// is reported, each allowed one is not. Runs before ESLint in `npm run lint`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundaries } from './boundaries.js';

const require = createRequire(import.meta.url);
const { RuleTester } = require('eslint');
const tseslint = require('typescript-eslint');
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (rel) => path.join(web, rel);

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
tester.run('palaro/boundaries', boundaries, {
  valid: [
    { filename: at('apps/console/src/features/audit/components/AuditLog.tsx'), code: "import { diff } from '../api/diff';" },
    { filename: at('apps/console/src/features/audit/components/AuditLog.tsx'), code: "import { api } from '@/lib/api'; import { Button } from '@palaro/ui';" },
    { filename: at('apps/console/src/app/router.tsx'), code: "import { AuditLog } from '@/features/audit'; import { SignIn } from '@/features/session';" },
    { filename: at('packages/ui/src/Pager.tsx'), code: "import { pagerItems } from './pager'; import { ApiError } from '@palaro/api/src/envelope'; import x from 'react';" },
  ],
  invalid: [
    { filename: at('apps/console/src/features/audit/components/AuditLog.tsx'), code: "import { useMe } from '@/features/session';", errors: [{ messageId: 'feature' }] },
    { filename: at('apps/player/src/features/wallet/x.ts'), code: "export { a } from '../auth/api';", errors: [{ messageId: 'feature' }] },
    { filename: at('apps/player/src/features/wallet/x.ts'), code: "const m = import('@/features/rg/index');", errors: [{ messageId: 'feature' }] },
    { filename: at('packages/ui/src/Pager.tsx'), code: "import { t } from '@/lib/i18n';", errors: [{ messageId: 'packageApp' }] },
    { filename: at('packages/api/src/client.ts'), code: "import { x } from '../../../apps/player/src/lib/api';", errors: [{ messageId: 'packageApp' }] },
    { filename: at('packages/api/src/client.ts'), code: "import { x } from '@palaro/console/src/lib/api';", errors: [{ messageId: 'packageApp' }] },
    { filename: at('apps/console/src/lib/api.ts'), code: "import { x } from '@palaro/player/src/lib/api';", errors: [{ messageId: 'otherApp' }] },
  ],
});
console.log('palaro/boundaries: 4 allowed and 7 forbidden imports checked');
