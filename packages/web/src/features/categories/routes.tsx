import type { RouteObject } from 'react-router-dom';

/** #/categories. */
export const categoriesRoutes: RouteObject[] = [
  {
    path: 'categories',
    lazy: async () => ({ Component: (await import('./components/category-list.tsx')).CategoryList }),
  },
];
