import type { RouteObject } from 'react-router-dom';

/** #/approvals: the inbox of requests waiting for an admin. */
export const approvalsRoutes: RouteObject[] = [
  {
    path: 'approvals',
    lazy: async () => ({ Component: (await import('./components/approval-list.tsx')).ApprovalList }),
  },
];
