// palaro/boundaries: the web workspace's import ladder, checked on every
// import, export-from and import() with a literal path.
//   - a feature never imports another feature (apps/<app>/src/features/<f>);
//     routes and the app shell compose them;
//   - a package (packages/*) never imports an app, nor an app's '@/' alias;
//   - an app never imports another app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.relative(webRoot, p).split(path.sep).join('/');

function where(file) {
  const r = rel(file);
  let m = /^apps\/([^/]+)\/src\/(?:features\/([^/]+)\/)?/.exec(r);
  if (m) return { kind: 'app', app: m[1], feature: m[2] };
  m = /^packages\/([^/]+)\//.exec(r);
  if (m) return { kind: 'package', pkg: m[1] };
  return undefined;
}

function target(spec, file, from) {
  if (spec.startsWith('@/')) return from.kind === 'app' ? `apps/${from.app}/src/${spec.slice(2)}` : '@/';
  if (spec.startsWith('.')) return rel(path.resolve(path.dirname(file), spec));
  const m = /^@palaro\/([^/]+)(\/.*)?$/.exec(spec);
  if (m) return (['player', 'console'].includes(m[1]) ? `apps/${m[1]}` : `packages/${m[1]}`) + (m[2] ?? '');
  return undefined; // a library
}

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'features never import other features; packages never import apps; apps never import apps' },
    schema: [],
    messages: {
      feature: "Feature '{{from}}' imports feature '{{to}}': features never import each other; compose them in a route or the app shell.",
      packageApp: 'A package imports an app ({{spec}}): packages never import apps.',
      otherApp: "App '{{from}}' imports app '{{to}}': share the code through a package instead.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = where(file);
    if (!from) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      const to = target(spec, file, from);
      if (!to) return;
      if (from.kind === 'package') {
        if (to === '@/' || to.startsWith('apps/')) context.report({ node, messageId: 'packageApp', data: { spec } });
        return;
      }
      const m = /^apps\/([^/]+)(?:\/src\/(?:features\/([^/]+))?)?/.exec(to);
      if (!m) return;
      if (m[1] !== from.app) context.report({ node, messageId: 'otherApp', data: { from: from.app, to: m[1] } });
      else if (from.feature && m[2] && m[2] !== from.feature) context.report({ node, messageId: 'feature', data: { from: from.feature, to: m[2] } });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source),
    };
  },
};
