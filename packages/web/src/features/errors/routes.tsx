import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';

/** The error area (spec 2), loaded on demand. */
export const errorRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="404" replace /> },
  {
    path: '404',
    lazy: async () => ({ Component: (await import('./components/not-found-page.tsx')).NotFoundPage }),
  },
  {
    path: '500',
    lazy: async () => ({ Component: (await import('./components/server-error-page.tsx')).ServerErrorPage }),
  },
];
