import type { RouteObject } from 'react-router-dom';

/** #/licences. */
export const licencesRoutes: RouteObject[] = [
  {
    path: 'licences',
    lazy: async () => ({ Component: (await import('./components/licence-list.tsx')).LicenceList }),
  },
];
