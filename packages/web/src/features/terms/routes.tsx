import type { RouteObject } from 'react-router-dom';

/** #/terms. */
export const termsRoutes: RouteObject[] = [
  {
    path: 'terms',
    lazy: async () => ({ Component: (await import('./components/terms-list.tsx')).TermsList }),
  },
];
