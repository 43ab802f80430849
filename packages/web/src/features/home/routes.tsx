import type { RouteObject } from 'react-router-dom';

/** The welcome dashboard at the empty path. */
export const homeRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./components/home-page.tsx')).HomePage }) },
];
