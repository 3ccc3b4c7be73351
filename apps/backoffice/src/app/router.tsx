import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FEATURES, navFeatures } from '../features/registry';
import { useCan } from '../shared/session';
import { Layout } from './layout';
import { LoginPage } from './login-page';
import { NotFound } from './not-found';
import { RequirePermission } from './require-permission';

/** The first screen the role may open (the dashboard for most). */
const Home = () => {
  const can = useCan();
  const first = navFeatures().find((f) => can(f.nav.permission));
  return first ? <Navigate to={`/${first.nav.path ?? first.id}`} replace /> : <NotFound />;
};

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Home /> },
      // Each feature's routes sit under a guard of its nav permission (the server checks again).
      ...FEATURES.map((feature) => ({
        element: <RequirePermission permission={feature.nav.permission} />,
        children: feature.routes,
      })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/bo' });
