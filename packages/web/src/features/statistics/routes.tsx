import type { RouteObject } from 'react-router-dom';

/** #/statistics: the dashboard on a page of its own. */
export const statisticsRoutes: RouteObject[] = [
  {
    path: 'statistics',
    lazy: async () => ({ Component: (await import('./components/statistics-page.tsx')).StatisticsPage }),
  },
];
