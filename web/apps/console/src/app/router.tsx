// The console's routes: sign-in outside the shell, the rest inside it; every
// page is its own lazy chunk.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASENAME, paths } from '@/lib/paths';
import { Shell } from './layout/Shell';
import { RouteError } from './layout/RouteError';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: paths.login, lazy: page(() => import('./routes/login')), errorElement: <RouteError /> },
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: paths.sessions.slice(1), lazy: page(() => import('./routes/sessions')) },
      { path: paths.audit.slice(1), lazy: page(() => import('./routes/audit')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: BASENAME });
