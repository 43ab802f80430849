import type { RouteObject } from 'react-router-dom';

/** #/companies. */
export const companiesRoutes: RouteObject[] = [
  {
    path: 'companies',
    lazy: async () => ({ Component: (await import('./components/company-list.tsx')).CompanyList }),
  },
];
