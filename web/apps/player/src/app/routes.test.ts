// The server answers the storefront's page paths 200 and others 404 from one
// list, internal/webui/routes.json. This walks the router, the personal
// centre's page registry and the in-house game slugs and fails when they and
// that list disagree: a route added here without the list would render its
// page under a 404 status (and a listed path the router no longer renders
// would answer 200 for a not-found page).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RouteObject } from 'react-router';
import { routes } from './router';
import { CENTRE_PAGES } from './routes/member/centre/registry';
import { AGENT_PAGES } from './routes/agent/centre/registry';
import { GAME_SLUGS } from '@/features/originals/slugs';

const manifestFile = resolve(__dirname, '../../../../../internal/webui/routes.json');
const manifest: { paths: string[] } = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The concrete paths a route pattern renders a page for. */
function expand(pattern: string): string[] {
  if (pattern === '/*') return []; // the not-found page
  if (pattern === '/originals/:game') return GAME_SLUGS.map((s) => `/originals/${s}`);
  if (pattern === '/member/*') return ['/member', ...CENTRE_PAGES.map((p) => `/member/${p.key}`)];
  if (pattern === '/agentHome/*') return ['/agentHome', ...AGENT_PAGES.map((p) => `/agentHome/${p.key}`)];
  if (/[:*]/.test(pattern)) throw new Error(`routes.test.ts has no expansion for the route ${pattern}: add one, and its paths to internal/webui/routes.json`);
  return [pattern];
}

function walk(list: RouteObject[], prefix: string): string[] {
  return list.flatMap((r) => {
    const here = r.path === undefined ? prefix : `${prefix.replace(/\/$/, '')}/${r.path}`;
    const own = r.index || (r.path !== undefined && !r.children) ? expand(here || '/') : [];
    return [...own, ...(r.children ? walk(r.children, here) : [])];
  });
}

test('internal/webui/routes.json lists exactly the paths the router renders', () => {
  const rendered = walk(routes, '');
  expect(rendered).toContain('/member/depositv2');
  expect(rendered).toContain('/originals/dice');
  expect([...new Set(rendered)].sort()).toEqual([...manifest.paths].sort());
});

test('an unknown parameterised route is refused, not skipped', () => {
  expect(() => walk([{ path: 'shop/:item', element: null }], '')).toThrow(/no expansion/);
});
