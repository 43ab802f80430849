import type { RouteObject } from 'react-router-dom';

/** #/users. */
export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: async () => ({ Component: (await import('./components/user-list.tsx')).UserList }) },
];
