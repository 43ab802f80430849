import type { RouteObject } from 'react-router-dom';

/** #/customers. */
export const customersRoutes: RouteObject[] = [
  {
    path: 'customers',
    lazy: async () => ({ Component: (await import('./components/customer-list.tsx')).CustomerList }),
  },
];
