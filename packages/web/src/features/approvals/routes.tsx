import type { RouteObject } from 'react-router-dom';

/** #/approvals: the requests waiting for an admin, and (`?view=decided`) the decisions kept. */
export const approvalsRoutes: RouteObject[] = [
  {
    path: 'approvals',
    lazy: async () => ({ Component: (await import('./components/approvals-screen.tsx')).ApprovalsScreen }),
  },
];
