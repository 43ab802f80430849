import type { RouteObject } from 'react-router-dom';

/** #/tokens. */
export const tokensRoutes: RouteObject[] = [
  {
    path: 'tokens',
    lazy: async () => ({ Component: (await import('./components/token-list.tsx')).TokenList }),
  },
];
