import type { RouteObject } from 'react-router-dom';

/** #/lists, #/lists/new and #/lists/:id. */
export const listsRoutes: RouteObject[] = [
  {
    path: 'lists',
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/generic-lists.tsx')).GenericLists }),
      },
      {
        path: 'new',
        lazy: async () => ({ Component: (await import('./components/list-editor.tsx')).ListEditor }),
      },
      {
        path: ':id',
        lazy: async () => ({ Component: (await import('./components/list-editor.tsx')).ListEditor }),
      },
    ],
  },
];
