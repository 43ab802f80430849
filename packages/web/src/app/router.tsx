import { createHashRouter, Navigate } from 'react-router-dom';
import { authRoutes } from '../features/auth/routes.tsx';
import { errorRoutes } from '../features/errors/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { rolesRoutes } from '../features/roles/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { mainLayoutLoader } from './main-guard.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { StartupFallback } from './startup-fallback.tsx';

/** Hash routes of spec 2: auth and error areas and the guarded main layout, all loaded on demand. */
export function createAppRouter() {
  return createHashRouter([
    {
      errorElement: <RouteErrorBoundary />,
      HydrateFallback: StartupFallback,
      children: [
        { path: 'auth', children: authRoutes },
        { path: 'error', children: errorRoutes },
        {
          path: '/',
          loader: mainLayoutLoader,
          HydrateFallback: StartupFallback,
          lazy: async () => {
            const { MainLayout } = await import('./layout/main-layout.tsx');
            return { Component: MainLayout };
          },
          children: [...homeRoutes, ...usersRoutes, ...rolesRoutes],
        },
        { path: '*', element: <Navigate to="/error/404" replace /> },
      ],
    },
  ]);
}
