import type { RouteObject } from 'react-router-dom';

/** #/roles. */
export const rolesRoutes: RouteObject[] = [
  { path: 'roles', lazy: async () => ({ Component: (await import('./components/role-list.tsx')).RoleList }) },
];
