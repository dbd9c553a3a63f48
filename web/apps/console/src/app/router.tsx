// The console's routes: sign-in outside the shell, the rest inside it; every
// page is its own lazy chunk, guarded by its screen's permission check.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASENAME, paths } from '@/lib/paths';
import { Shell } from './layout/Shell';
import { RouteError } from './layout/RouteError';
import { Guard } from './layout/Guard';
import { SCREENS, type Screen } from './screens';

type Load = () => Promise<{ default: React.ComponentType }>;
const page = (load: Load) => async () => ({ Component: (await load()).default });
const guarded = (screen: Screen, load: Load) => async () => {
  const Page = (await load()).default;
  return {
    Component: () => (
      <Guard allowed={screen.allowed}>
        <Page />
      </Guard>
    ),
  };
};

const screenRoutes: RouteObject[] = SCREENS.flatMap((s) => [
  { path: s.path.slice(1), lazy: guarded(s, s.load) },
  ...(s.pages ?? []).map((p) => ({ path: p.path.slice(1), lazy: guarded(s, p.load) })),
]);

export const routes: RouteObject[] = [
  { path: paths.login, lazy: page(() => import('./routes/login')), errorElement: <RouteError /> },
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: paths.sessions.slice(1), lazy: page(() => import('./routes/sessions')) },
      ...screenRoutes,
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: BASENAME });
