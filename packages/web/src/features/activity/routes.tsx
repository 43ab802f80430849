import type { RouteObject } from 'react-router-dom';

/** #/activity. */
export const activityRoutes: RouteObject[] = [
  {
    path: 'activity',
    lazy: async () => ({ Component: (await import('./components/activity-list.tsx')).ActivityList }),
  },
];
