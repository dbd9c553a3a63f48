// Routes (spec section 2), history mode. Pages are code-split: each route
// component is React.lazy, and the route's loader preloads its chunk so a
// navigation renders the page at once instead of a fallback.
import { createElement, lazy, type ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RootShell } from './RootShell';
import { AppLayout } from './layout/AppLayout';
import { RouteError } from './routes/RouteError';
import { resetRouteLoader, withResetToken } from './routes/reset-link';
import { paths } from '@/lib/paths';
import { requireSessionLoader, sessionToken } from './session';

type Loader<P = object> = () => Promise<{ default: ComponentType<P> }>;
/**
 * A code-split page. Once the route's loader has the module, the page renders
 * it directly: React.lazy would still suspend once on the first render and flash
 * the layout's fallback (a layout shift) even though the chunk is there.
 */
const page = <P extends object = object>(load: Loader<P>) => {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(load);
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  const preload = async () => {
    loaded = (await load()).default;
    return null;
  };
  return { Component, preload };
};

const home = page(() => import('./routes/home'));
const centre = page(() => import('./routes/centre'));
const promotions = page(() => import('./routes/promotions'));
const withPopup = page(() => import('./routes/home-with-popup'));
const memberArea = page(() => import('./routes/member-area'));
const pointMall = page(() => import('./routes/pointMall'));
// The personal centre's pages are listed in its own chunk (routes/member/centre/registry.ts), not here.
const memberCentre = page(() => import('./routes/member/centre/CentreRoute'));
const agentLanding = page(() => import('./routes/agent/AgentLanding'));
// The agent centre's pages are listed in its own chunk (routes/agent/centre/registry.ts), not here.
const agentCentre = page(() => import('./routes/agent/centre/AgentCentre'));
const notFound = page(() => import('./routes/not-found'));
const affiliate = page(() => import('./routes/affiliate/AffiliatePage'));
const resetPassword = page(() => import('./routes/reset-password'));
// Palaro Originals (in-house games): the game frame, the verifier and the recall share one small route chunk.
const originals = () => import('./routes/originals/routes');
const originalsGame = page(async () => ({ default: (await originals()).OriginalsGame }));
const originalsVerify = page(async () => ({ default: (await originals()).OriginalsVerify }));
const originalsHistory = page(async () => ({ default: (await originals()).OriginalsHistory }));

const homeRoute = (id: string, path?: string): RouteObject =>
  path === undefined ? { id, index: true, loader: home.preload, Component: home.Component } : { id, path, loader: home.preload, Component: home.Component };

/** Vendor-list and game-list centres; all render CentreRoute, which reads the category from the path. */
export const CENTRE_PATHS = ['sports', 'esports', 'lott', 'elott', 'cockfight', 'live', 'fish', 'rng', 'pvp', 'bgs', 'inHouse'] as const;
/** Pages that need a member session. */
export const MEMBER_PATHS = ['favorite', 'recent', 'member', 'lottery', 'seaLottery', 'vnLottery', 'pointMall'] as const;
/**
 * The personal centre: /member (security centre) and /member/<key>. One route
 * with a splat keeps the page list out of the entry chunk; the centre's chunk
 * picks the page and its loader preloads that page's chunk too.
 */
const centreRoute: RouteObject = {
  id: 'member-centre',
  path: 'member/*',
  loader: async ({ params }) => {
    await memberCentre.preload();
    return (await import('./routes/member/centre/CentreRoute')).preloadCentrePage(params['*'] ?? '');
  },
  Component: memberCentre.Component,
};

/**
 * /agentHome and /agentHome/<page>: without a session token, the agent login
 * page (non-agents are sent there by the centre itself). One splat route keeps
 * the page list out of the entry chunk; the loader preloads the page's chunk.
 */
async function agentHomeLoader({ params }: { params: Record<string, string | undefined> }) {
  if (!sessionToken()) throw redirect(paths.agent);
  await agentCentre.preload();
  return (await import('./routes/agent/centre/AgentCentre')).preloadAgentPage(params['*'] ?? '');
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      // The agent pages have their own layout (no storefront header, footer or side menu).
      { id: 'agent', path: 'agent', loader: agentLanding.preload, Component: agentLanding.Component },
      { id: 'agent-home', path: 'agentHome/*', loader: agentHomeLoader, Component: agentCentre.Component },
      // An original game full-frame (the game popup's iframe), without the storefront shell.
      { id: 'originals-game', path: 'originals/:game', loader: originalsGame.preload, Component: originalsGame.Component },
      {
        id: 'layout',
        Component: AppLayout,
        errorElement: <RouteError />,
        children: [
          withResetToken(homeRoute('home')),
          homeRoute('home-index', 'index'),
          homeRoute('home-index-html', 'index.html'),
          homeRoute('home-home', 'home'),
          { id: 'login', path: 'login', loader: withPopup.preload, element: <withPopup.Component popup="login" /> },
          { id: 'register', path: 'register', loader: withPopup.preload, element: <withPopup.Component popup="register" /> },
          { id: 'help', path: 'help', loader: withPopup.preload, element: <withPopup.Component popup="help" /> },
          { id: 'reset-password', path: 'resetPassword', loader: resetRouteLoader(resetPassword.preload), Component: resetPassword.Component },
          ...CENTRE_PATHS.map((p): RouteObject => ({ id: `centre-${p}`, path: p, loader: centre.preload, Component: centre.Component })),
          { id: 'promotions', path: 'promotions', loader: promotions.preload, Component: promotions.Component },
          { id: 'affiliate', path: 'affiliate', loader: affiliate.preload, Component: affiliate.Component },
          { id: 'originals-verify', path: 'originals/verify', loader: originalsVerify.preload, Component: originalsVerify.Component },
          {
            id: 'member-guard',
            loader: requireSessionLoader,
            children: [
              ...MEMBER_PATHS.filter((p) => p !== 'member' && p !== 'pointMall').map((p): RouteObject => ({ id: `member-${p}`, path: p, loader: memberArea.preload, Component: memberArea.Component })),
              { id: 'member-pointMall', path: 'pointMall', loader: pointMall.preload, Component: pointMall.Component },
              centreRoute,
              { id: 'originals-history', path: 'originals/history', loader: originalsHistory.preload, Component: originalsHistory.Component },
            ],
          },
          { id: 'not-found', path: '*', loader: notFound.preload, Component: notFound.Component },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
